import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { listenForServiceWorkerEvents, PWA_TEXTS, removeServiceWorkers } from './pwa';

describe('removeServiceWorkers', () => {
  it('unregisters every worker and clears every cache', async () => {
    const unregister = jest.fn().mockResolvedValue(true);
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistrations: () => Promise.resolve([{ unregister }, { unregister }]) },
    });
    const cacheDelete = jest.fn().mockResolvedValue(true);
    Object.defineProperty(window, 'caches', {
      configurable: true,
      value: { keys: () => Promise.resolve(['a', 'b', 'c']), delete: cacheDelete },
    });
    await removeServiceWorkers();
    expect(unregister).toHaveBeenCalledTimes(2);
    expect(cacheDelete.mock.calls.map(([key]) => key)).toEqual(['a', 'b', 'c']);
  });
});

describe('listenForServiceWorkerEvents (PWA mode)', () => {
  beforeAll(() => listenForServiceWorkerEvents());

  it('warns when the app goes offline', async () => {
    act(() => {
      window.dispatchEvent(new Event('sw.offline'));
    });
    expect(await screen.findByText(PWA_TEXTS.offline)).toBeInTheDocument();
  });

  it('offers a refresh that activates the waiting worker', async () => {
    // jsdom has no MessageChannel; the worker's answer port is all the code needs.
    class FakeChannel {
      port1: { onmessage: null | (() => void) } = { onmessage: null };
      port2 = {};
    }
    Object.assign(globalThis, { MessageChannel: FakeChannel });
    const postMessage = jest.fn();
    act(() => {
      window.dispatchEvent(new CustomEvent('sw.updated', { detail: { waiting: { postMessage } } }));
    });
    expect(await screen.findByText(PWA_TEXTS.updateTitle)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: new RegExp(PWA_TEXTS.refresh.split('').join('\\s*')) }));
    await waitFor(() => expect(postMessage).toHaveBeenCalledTimes(1));
    expect(postMessage.mock.calls[0][0]).toEqual({ type: 'skip-waiting' });
  });
});
