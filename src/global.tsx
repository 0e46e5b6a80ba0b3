import defaultSettings from './defaultSettings';

/**
 * Service workers (spec section 4). PWA mode is off: on https pages any worker
 * left from an earlier version is unregistered and its caches cleared, so
 * users never run stale code. The PWA notices load only when the mode is on.
 */
if (defaultSettings.pwa) {
  import('./utils/pwa').then(({ listenForServiceWorkerEvents }) => listenForServiceWorkerEvents());
} else if ('serviceWorker' in navigator && window.location.protocol === 'https:') {
  import('./utils/pwa').then(({ removeServiceWorkers }) => removeServiceWorkers());
}
