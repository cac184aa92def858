/**
 * The product page's images: a scroll-snapping strip; a tap opens the image viewer at that image
 * (ImageViewer: swipe, page indicator, pinch and double-tap zoom, arrow keys and Escape). The
 * viewer's code is not part of the page's first load: it is fetched once the page is idle, or at
 * the first tap (docs/ARCHITECTURE.md "Storefront speed").
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { afterLoadWhenIdle } from '../lib/tasks';
import styles from './product.module.css';

const loadViewer = () => import('./ImageViewer');
const ImageViewer = lazy(() => loadViewer().then((m) => ({ default: m.ImageViewer })));

export function ProductGallery({ images, label }: { images: readonly string[]; label: string }) {
  const [viewing, setViewing] = useState<number | null>(null);
  useEffect(() => afterLoadWhenIdle(() => void loadViewer().catch(() => undefined)), []);
  return (
    <>
      <section className={styles.gallery} aria-label="상품 이미지">
        {images.map((src, i) => (
          <button
            key={src}
            type="button"
            className={styles.slide}
            aria-label={`이미지 ${i + 1} 크게 보기`}
            onClick={() => setViewing(i)}
          >
            <img
              src={src}
              alt={`${label} 이미지 ${i + 1}`}
              width={600}
              height={720}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : 'auto'}
            />
          </button>
        ))}
      </section>
      {viewing !== null && (
        <Suspense fallback={null}>
          <ImageViewer images={images} start={viewing} label={label} onClose={() => setViewing(null)} />
        </Suspense>
      )}
    </>
  );
}
