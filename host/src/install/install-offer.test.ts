import { describe, expect, it, rs } from '@rstest/core';
import {
  currentInstallOffer,
  type InstallOffer,
  installStride,
  listenForInstallOffer,
  subscribeToInstallOffer,
} from './install-offer';

/** What Chromium sends when Stride can be installed: an event with its own prompt. */
function offerEvent(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as InstallOffer;
  const prompt = rs.fn(async () => {});
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome }) });
  return { event, prompt };
}

describe('the install offer', () => {
  listenForInstallOffer(window);

  it('keeps the browser’s offer (instead of its own bar) and tells the menu', async () => {
    const heard = rs.fn();
    const stop = subscribeToInstallOffer(heard);
    const { event, prompt } = offerEvent('accepted');
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(currentInstallOffer()).toBe(event);
    expect(heard).toHaveBeenCalledTimes(1);

    // One prompt per offer: it is gone once used, whatever the answer.
    expect(await installStride()).toBe('accepted');
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(currentInstallOffer()).toBeNull();
    expect(await installStride()).toBeNull();
    stop();
  });

  it('forgets the offer once the app is installed some other way', () => {
    window.dispatchEvent(offerEvent('dismissed').event);
    expect(currentInstallOffer()).not.toBeNull();
    window.dispatchEvent(new Event('appinstalled'));
    expect(currentInstallOffer()).toBeNull();
  });
});
