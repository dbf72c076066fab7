let zones: string[] | undefined;

/** Every IANA time zone the browser knows, plus `current` if it is missing (Chromium omits "UTC"). */
export function timeZoneOptions(current: string): { value: string; label: string }[] {
  zones ??= typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const list = current && !zones.includes(current) ? [current, ...zones] : zones;
  return [
    { value: '', label: 'Not set' },
    ...list.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') })),
  ];
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
