import './BackToTop.css';
import { useEffect, useState } from 'react';
import { useI18n } from '../../i18n/index.js';

/** A button that appears after scrolling down a screen and scrolls back to the top. */
export function BackToTop() {
  const t = useI18n();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > window.innerHeight);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return (
    <button
      type="button"
      className={`dg-back-to-top dg-icon-button${visible ? ' dg-back-to-top--visible' : ''}`}
      aria-label={t('doc.backToTop')}
      title={t('doc.backToTop')}
      tabIndex={visible ? 0 : -1}
      aria-hidden={!visible}
      onClick={() => window.scrollTo({ top: 0, behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' })}
    >
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
        <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" d="M12 19V5m-6 6 6-6 6 6" />
      </svg>
    </button>
  );
}
