/** The empty placeholder shown while the first load runs (spec section 4). */
export default function Loading() {
  return null;
}
