/**
 * antd's path map: the rule `.data-ant-cssinjs-cache-path{content:"<path>:<style id>;…"}` that
 * cssinjs's extractStyle writes after the styles and that antd reads in the browser, taking each
 * listed path's rules from the page instead of generating them. Written and read here only.
 */

/** One style of the map: its path (`<token hash>|layer|Button-Button|ant-btn|anticon`) and its id. */
export type PathEntry = { path: string; id: string };

const PATH_MAP = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)";\}/;

/** The entries of the path map in extractStyle's text, or undefined when it has none. */
export function readPathMap(extracted: string): PathEntry[] | undefined {
  const map = PATH_MAP.exec(extracted);
  if (!map || map[1] === '') return undefined;
  return map[1].split(';').map((entry) => {
    // Paths hold `|` and `-`, never `:`; the id is what follows the last one.
    const colon = entry.lastIndexOf(':');
    return { path: entry.slice(0, colon), id: entry.slice(colon + 1) };
  });
}

/** The path map's rule for `entries`, as antd reads it. */
export function pathMapRule(entries: readonly PathEntry[]): string {
  return `.data-ant-cssinjs-cache-path{content:"${entries.map(({ path, id }) => `${path}:${id}`).join(';')}";}`;
}

/**
 * Whether a style path's rules only reach elements drawn in its theme: antd's components'
 * (`<token hash>|layer|Button-Button|ant-btn|anticon`) sit under `:where(.css-<hash>)` and the
 * icons' set nothing that changes with the theme. ProComponents' (`<token hash>|layer|ProLayout`)
 * write `.ant-pro-layout ...` for every theme: baked in the light theme's colours they would paint
 * over the dark theme's, so they stay generated at run time.
 */
export function isThemeScoped(path: string): boolean {
  return path.split('|').some((part) => part === 'ant' || part.startsWith('ant-'));
}
