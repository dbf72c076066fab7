import { describe, expect, it } from '@rstest/core';
import { tabAfterKey, tabFromSearch } from './goal-tabs';

describe('goal tabs', () => {
  it('reads the tab from the address, defaulting to active', () => {
    expect(tabFromSearch('archived')).toBe('archived');
    expect(tabFromSearch(null)).toBe('active');
    expect(tabFromSearch('deleted')).toBe('active');
  });

  it('moves with arrows (wrapping), Home and End, and ignores other keys', () => {
    expect(tabAfterKey('active', 'ArrowRight')).toBe('completed');
    expect(tabAfterKey('archived', 'ArrowRight')).toBe('active');
    expect(tabAfterKey('active', 'ArrowLeft')).toBe('archived');
    expect(tabAfterKey('completed', 'Home')).toBe('active');
    expect(tabAfterKey('active', 'End')).toBe('archived');
    expect(tabAfterKey('active', 'a')).toBeNull();
  });
});
