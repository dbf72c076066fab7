import { useEffect } from 'react';
import { NEW_ITEM_PARAM } from '../paths';
import { useSearchParams } from './router';

/**
 * Runs `start` when the page was opened to start a new item (`?new=1`, see
 * newItemHref), then drops the parameter, so a reload or Back does not
 * start another.
 */
export function useNewItemRequest(start: () => void): void {
  const [params, setParams] = useSearchParams();
  const asked = params.has(NEW_ITEM_PARAM);
  useEffect(() => {
    if (!asked) return;
    start();
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(NEW_ITEM_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [asked, start, setParams]);
}
