/**
 * Waits of the jest suite, sized for a busy, small CI machine rather than an idle laptop; a wait
 * that succeeds returns as soon as what it waits for shows.
 */

/** How long findBy* and waitFor wait for what the user sees (set for every test in tests/setupTests.ts). */
export const UI_WAIT_MS = 10_000;

/** How long one test may take: room for a few such waits. */
export const TEST_TIMEOUT_MS = 4 * UI_WAIT_MS;
