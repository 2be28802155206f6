/** Polls /version.json and offers a refresh (spec §4 Update check). The foundation issue implements it. */
export function UpdateNotice() {
  return null;
}
