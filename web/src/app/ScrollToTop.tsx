import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Spec section 2: the scroll position resets to the top on navigation. */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
  }, [pathname, search]);
  return null;
}
