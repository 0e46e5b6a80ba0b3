/** Set at build time from the API_BASE_URL environment variable (see .umirc.ts). */
declare const API_BASE_URL: string;

declare module '*.less' {
  const classes: { readonly [key: string]: string };
  export default classes;
}
