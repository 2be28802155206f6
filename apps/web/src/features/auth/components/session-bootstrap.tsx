/** Restores the session at start-up (silent refresh). The accounts issue implements it. */
export function SessionBootstrap() {
  return null;
}
