import { useEffect, useState } from 'react';
import { MAINTENANCE_MESSAGE, SERVICE_NOTICE_LABEL } from '../../kernel/serviceStatus/messages';

/**
 * The notice and the maintenance message: a band above the page's header, in its flow (it moves the page down,
 * never covers it; `shell-service-notice` in shell.css), its words in a polite live region. They come one frame
 * after the region: screen readers announce what changes in a live region, not always a region that arrives with
 * its words.
 */
export default function ServiceNotice({ notice, maintenance }: { notice: string | null; maintenance: boolean }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setReady(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <section className="shell-service-notice" aria-label={SERVICE_NOTICE_LABEL}>
      <div className="shell-container" role="status">
        {ready && notice !== null && <p>{notice}</p>}
        {ready && maintenance && <p>{MAINTENANCE_MESSAGE}</p>}
      </div>
    </section>
  );
}
