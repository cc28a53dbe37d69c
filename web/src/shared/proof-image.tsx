import { Image, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import styles from './proof-image.module.css';

type Props = {
  url: string;
  alt: string;
  /** How the bytes are read with the reader's token (the tenant's or an operator's). */
  load: (url: string, signal: AbortSignal) => Promise<Blob>;
};

/**
 * An uploaded image that only its tenant and operators may see (payment proofs): read with the token (which rides in
 * a header, never in a link), shown from a blob URL that is released when the image goes.
 */
export function ProofImage({ url, alt, load }: Props) {
  const [src, setSrc] = useState<string>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | undefined;
    load(url, controller.signal).then(
      (blob) => {
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      },
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, load]);
  if (failed) return <span className={styles.proof} role="img" aria-label={alt} />;
  if (!src) return <Skeleton.Image active className={styles.proof} />;
  return <Image src={src} alt={alt} width={96} height={96} className={styles.proof} data-testid="proof-image" />;
}
