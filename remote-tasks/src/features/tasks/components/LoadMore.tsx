import { Button } from '@stride/shared';
import { useEffect, useRef } from 'react';
import { TASKS_COPY } from '../copy';

interface LoadMoreProps {
  hasMore: boolean;
  loading: boolean;
  loaded: number;
  onLoadMore: () => void;
}

/**
 * The next page loads when the end of the list scrolls into view (400 px
 * early), or with the button, which keyboard and screen-reader users can
 * reach. It re-arms after each page, so a tall screen keeps filling.
 */
export function LoadMore({ hasMore, loading, loaded, onLoadMore }: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(onLoadMore);
  latest.current = onLoadMore;

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && latest.current(),
      { rootMargin: '0px 0px 400px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, loading]);

  if (!hasMore)
    return loaded > 0 ? <p className="task-list__end">{TASKS_COPY.allLoaded(loaded)}</p> : null;
  return (
    <div ref={sentinel} className="task-list__more">
      <Button busy={loading} onClick={onLoadMore}>
        {TASKS_COPY.loadMore}
      </Button>
    </div>
  );
}
