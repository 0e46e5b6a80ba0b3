import { useCallback, useEffect, useState } from 'react';

/**
 * The parameters being edited survive a reload: they are kept in the tab's
 * sessionStorage per user and interface (the tab's own, so what one typed is
 * gone with the tab and never shown to the next person at a shared machine).
 * Text equal to the example is not kept: 恢复示例 clears the draft.
 */

const PREFIX = 'agler.tryIt';

export function draftKey(interfaceId: string, userId?: string | number): string {
  return `${PREFIX}.${userId ?? 'anonymous'}.${interfaceId}`;
}

/** The tab's storage, or undefined where there is none (private modes may refuse it). */
function tabStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function loadDraft(key: string, storage = tabStorage()): string | undefined {
  try {
    return storage?.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the text, or forgets it when it is the example. A full storage only loses the draft. */
export function saveDraft(key: string, text: string, example: string, storage = tabStorage()): void {
  try {
    if (text === example) storage?.removeItem(key);
    else storage?.setItem(key, text);
  } catch {
    // Quota exceeded or storage refused: the draft is only a convenience.
  }
}

/** The parameter text of an interface: the saved draft, else the example; every change is saved. */
export function useParamsDraft(key: string, example: string): [string, (text: string) => void] {
  const [text, setText] = useState(() => loadDraft(key) ?? example);
  useEffect(() => setText(loadDraft(key) ?? example), [key, example]);
  const change = useCallback(
    (next: string) => {
      setText(next);
      saveDraft(key, next, example);
    },
    [key, example],
  );
  return [text, change];
}
