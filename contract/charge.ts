/**
 * Which calls cost their caller a unit of the quota. The unit is taken when the call is admitted,
 * and given back unless the interface's answer came through with a status below 500: a call the
 * platform refused, that the interface never answered (or not in time), or that it answered with a
 * 5xx costs nothing; a call it answered with 2xx to 4xx costs one.
 */

/** The first status that gives the unit back: a server's error is the interface's fault, not the caller's. */
export const FREE_FROM_STATUS = 500;

/** Whether an answer of the interface that came through whole, with this status, costs a unit. */
export const answerIsCharged = (status: number): boolean => status < FREE_FROM_STATUS;

/**
 * Whether a call in the log cost a unit: it succeeded, or the interface answered 4xx (the log
 * cannot tell the rare 4xx that did not come through whole, which count here).
 */
export const loggedCallIsCharged = (call: { success: boolean; status: number | null }): boolean =>
  call.success || (call.status !== null && call.status >= 400 && call.status < FREE_FROM_STATUS);
