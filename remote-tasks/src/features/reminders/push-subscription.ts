// This browser's Web Push subscription (docs/architecture.md §4, "Reminders"):
// made with the API's VAPID key through the host's service worker and handed
// to the API, so reminders reach this device with no tab open. Where the
// browser has no push service (or cannot reach it), reminders still show in
// an open tab; the caller says so.
import { apiRequest } from '@stride/shared';

/** How long a push service may take to answer a subscribe before we give up on it. */
const SUBSCRIBE_TIMEOUT_MS = 10_000;

const keyBytes = (base64url: string): Uint8Array<ArrayBuffer> => {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
};

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  a !== null && a !== undefined && new Uint8Array(a).every((byte, i) => byte === b[i]);

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('The push service did not answer')),
      SUBSCRIBE_TIMEOUT_MS,
    );
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/** Each signed-in user's subscribing, once per page load: opening an editor asks nothing again. */
const subscribed = new Map<string, Promise<'push' | 'tab-only'>>();

/**
 * Subscribes this browser to the API's pushes for `userId` (once
 * notifications are allowed). `push`: reminders reach it with no tab open;
 * `tab-only`: they show while Stride is open.
 */
export function subscribeToPush(userId: string): Promise<'push' | 'tab-only'> {
  let subscribing = subscribed.get(userId);
  if (!subscribing) {
    subscribing = subscribe();
    subscribed.set(userId, subscribing);
  }
  return subscribing;
}

async function subscribe(): Promise<'push' | 'tab-only'> {
  if (!('serviceWorker' in navigator) || typeof PushManager === 'undefined') return 'tab-only';
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration) return 'tab-only';
    const { public_key } = await apiRequest<{ public_key: string }>('/push/key/');
    const key = keyBytes(public_key);
    let subscription = await registration.pushManager.getSubscription();
    // Made with another key (the server's was replaced): pushes to it would be refused.
    if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await withTimeout(
      registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
    );
    await apiRequest('/push/subscriptions/', { method: 'PUT', body: subscription.toJSON() });
    return 'push';
  } catch {
    return 'tab-only';
  }
}
