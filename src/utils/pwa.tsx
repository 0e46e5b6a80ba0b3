import { Button, message, notification } from 'antd';
import { localized } from '@/locales';

export const PWA_TEXTS = localized('pwa', {
  offline: '当前处于离线状态',
  updateTitle: '有新内容',
  updateDescription: '请点击“刷新”按钮或者手动刷新页面',
  refresh: '刷新',
} as const);

/** Activates the waiting worker, then reloads once it has taken control. */
async function activateWaitingWorker(worker: ServiceWorker | null | undefined) {
  if (!worker) {
    window.location.reload();
    return;
  }
  const channel = new MessageChannel();
  channel.port1.onmessage = (event) => {
    if (event.data?.error) return;
    window.location.reload();
  };
  worker.postMessage({ type: 'skip-waiting' }, [channel.port2]);
}

/** The offline warning and the update notice of PWA mode. */
export function listenForServiceWorkerEvents() {
  window.addEventListener('sw.offline', () => {
    message.warning(PWA_TEXTS.offline);
  });
  window.addEventListener('sw.updated', (event) => {
    const registration = (event as CustomEvent<ServiceWorkerRegistration>).detail;
    const key = `sw-update-${Date.now()}`;
    notification.open({
      key,
      message: PWA_TEXTS.updateTitle,
      description: PWA_TEXTS.updateDescription,
      actions: (
        <Button
          type="primary"
          onClick={() => {
            notification.destroy(key);
            activateWaitingWorker(registration?.waiting);
          }}
        >
          {PWA_TEXTS.refresh}
        </Button>
      ),
      onClose: () => undefined,
    });
  });
}

/** Unregisters every service worker of this origin and clears its caches. */
export async function removeServiceWorkers() {
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(registrations.map((registration) => registration.unregister()));
  if ('caches' in window) {
    const keys = await caches.keys();
    await Promise.all(keys.map((key) => caches.delete(key)));
  }
}
