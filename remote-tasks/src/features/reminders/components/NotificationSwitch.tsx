import { Button, useAuthStore } from '@stride/shared';
import { useEffect, useState } from 'react';
import { subscribeToPush } from '../push-subscription';

type State = 'unsupported' | 'denied' | 'default' | 'asking' | 'push' | 'tab-only';

const permission = (): State =>
  typeof Notification === 'undefined'
    ? 'unsupported'
    : Notification.permission === 'granted'
      ? 'tab-only'
      : Notification.permission;

const SAID: Record<Exclude<State, 'default' | 'asking'>, string> = {
  unsupported: 'This browser cannot show notifications: reminders show while Stride is open.',
  denied:
    "Notifications are blocked for Stride in this browser's settings: reminders show while Stride is open.",
  push: 'Notifications are on: reminders reach this device even with Stride closed.',
  'tab-only': 'Notifications are on: reminders show while Stride is open in a tab.',
};

/**
 * Beside a task's reminders: whether they can reach this device, and the
 * button that asks for notifications (a browser asks only after a click).
 * Allowed already, it subscribes this browser to pushes once.
 */
export function NotificationSwitch() {
  const [state, setState] = useState<State>(permission);
  const userId = useAuthStore((auth) => auth.user?.id ?? '');

  useEffect(() => {
    if (permission() !== 'tab-only' || !userId) return;
    let live = true;
    void subscribeToPush(userId).then((how) => live && setState(how));
    return () => {
      live = false;
    };
  }, [userId]);

  const turnOn = async () => {
    setState('asking');
    const answer = await Notification.requestPermission();
    if (answer !== 'granted') return setState(answer === 'denied' ? 'denied' : 'default');
    setState(userId ? await subscribeToPush(userId) : 'tab-only');
  };

  if (state === 'default' || state === 'asking') {
    return (
      <p className="reminder-picker__notify">
        <span>Get reminders as notifications on this device.</span>{' '}
        <Button variant="ghost" busy={state === 'asking'} onClick={() => void turnOn()}>
          Turn on notifications
        </Button>
      </p>
    );
  }
  return (
    <p className="reminder-picker__notify" role="status">
      {SAID[state]}
    </p>
  );
}
