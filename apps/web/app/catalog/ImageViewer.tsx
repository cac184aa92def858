/**
 * The image viewer (SPEC.md §2 "zoom image", §3 "zoom image info"; docs/ARCHITECTURE.md "Image
 * viewer"): full screen over the page, one image at a time with a page indicator (1/4). Touch and
 * mouse through pointer events, no library: swipe between images, pinch to zoom, double tap to zoom
 * in or back out, drag a zoomed image; on a desktop the arrow keys turn the page and Escape closes.
 * The gesture maths is shared and unit-tested (catalog/gallery.ts).
 */

import { type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { cssVars } from '../components/css-vars';
import {
  clampIndex,
  clampPan,
  doubleTapScale,
  isDoubleTap,
  pageLabel,
  pinchScale,
  swipeIndex,
} from './gallery';
import styles from './ImageViewer.module.css';

type Point = { x: number; y: number };
type Gesture =
  | { kind: 'swipe'; start: Point; t: number }
  | { kind: 'pan'; start: Point; from: Point; t: number }
  | { kind: 'pinch'; distance: number; scale: number };

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

export function ImageViewer({
  images,
  start,
  label,
  onClose,
}: {
  images: readonly string[];
  start: number;
  /** The product's name: each image is "{label} 이미지 n". */
  label: string;
  onClose: () => void;
}) {
  const count = images.length;
  const [index, setIndex] = useState(() => clampIndex(start, count));
  const [scale, setScale] = useState(1);
  const [pan, setPan] = useState<Point>({ x: 0, y: 0 });
  const [drag, setDrag] = useState(0);
  const stage = useRef<HTMLDivElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture | null>(null);
  const lastTap = useRef<{ t: number; x: number; y: number } | null>(null);

  const go = useCallback(
    (next: number) => {
      setIndex(clampIndex(next, count));
      setScale(1);
      setPan({ x: 0, y: 0 });
    },
    [count],
  );

  useEffect(() => {
    dialog.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
      else if (e.key === 'ArrowRight') go(index + 1);
      else if (e.key === 'ArrowLeft') go(index - 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go, index, onClose]);

  // The page under the viewer does not scroll while it is open.
  useEffect(() => {
    const body = document.body.style;
    const before = body.overflow;
    body.overflow = 'hidden';
    return () => {
      body.overflow = before;
    };
  }, []);

  const size = () => {
    const r = stage.current?.getBoundingClientRect();
    return { width: r?.width ?? 0, height: r?.height ?? 0 };
  };

  function onPointerDown(e: PointerEvent<HTMLDivElement>) {
    try {
      // Moves outside the image still belong to the gesture.
      e.currentTarget.setPointerCapture(e.pointerId);
    } catch {}
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const [a, b] = [...pointers.current.values()];
    if (a && b) {
      gesture.current = { kind: 'pinch', distance: distance(a, b), scale };
      setDrag(0);
    } else if (scale > 1) {
      gesture.current = { kind: 'pan', start: { x: e.clientX, y: e.clientY }, from: pan, t: e.timeStamp };
    } else {
      gesture.current = { kind: 'swipe', start: { x: e.clientX, y: e.clientY }, t: e.timeStamp };
    }
  }

  function onPointerMove(e: PointerEvent<HTMLDivElement>) {
    if (!pointers.current.has(e.pointerId)) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const g = gesture.current;
    if (!g) return;
    if (g.kind === 'pinch') {
      const [a, b] = [...pointers.current.values()];
      if (!a || !b) return;
      const next = pinchScale(g.scale, g.distance, distance(a, b));
      setScale(next);
      setPan((p) => clampPan(p, next, size()));
    } else if (g.kind === 'pan') {
      const moved = { x: g.from.x + e.clientX - g.start.x, y: g.from.y + e.clientY - g.start.y };
      setPan(clampPan(moved, scale, size()));
    } else {
      setDrag(e.clientX - g.start.x);
    }
  }

  function onPointerUp(e: PointerEvent<HTMLDivElement>) {
    if (!pointers.current.delete(e.pointerId)) return;
    const g = gesture.current;
    if (pointers.current.size > 0) {
      // One finger of a pinch lifted: the other may go on moving the zoomed image.
      const [rest] = [...pointers.current.values()];
      gesture.current = rest && scale > 1 ? { kind: 'pan', start: rest, from: pan, t: e.timeStamp } : null;
      return;
    }
    gesture.current = null;
    if (!g || g.kind === 'pinch') {
      if (scale <= 1) setPan({ x: 0, y: 0 });
      return;
    }
    const dx = e.clientX - g.start.x;
    const dy = e.clientY - g.start.y;
    const tap = Math.hypot(dx, dy) < 10 && e.timeStamp - g.t < 300;
    if (g.kind === 'swipe') {
      setDrag(0);
      const next = swipeIndex(index, dx, size().width, count);
      if (next !== index) {
        go(next);
        lastTap.current = null;
        return;
      }
    }
    if (!tap) return;
    const here = { t: e.timeStamp, x: e.clientX, y: e.clientY };
    if (isDoubleTap(lastTap.current, here)) {
      lastTap.current = null;
      const next = doubleTapScale(scale);
      setScale(next);
      if (next === 1) setPan({ x: 0, y: 0 });
      else {
        // Zoom towards the tapped point.
        const r = stage.current?.getBoundingClientRect();
        const toward = r
          ? {
              x: (r.left + r.width / 2 - e.clientX) * (next - 1),
              y: (r.top + r.height / 2 - e.clientY) * (next - 1),
            }
          : { x: 0, y: 0 };
        setPan(clampPan(toward, next, size()));
      }
    } else {
      lastTap.current = here;
    }
  }

  const src = images[index];
  return (
    <div
      ref={dialog}
      className={styles.viewer}
      role="dialog"
      aria-modal="true"
      aria-label="이미지 확대"
      aria-roledescription="이미지 뷰어"
      tabIndex={-1}
    >
      <div className={styles.top}>
        <output
          className={styles.indicator}
          aria-live="polite"
          aria-label={`${count}장 중 ${index + 1}번째 이미지`}
        >
          <span data-testid="viewer-page">{pageLabel(index, count)}</span>
        </output>
        <button type="button" className={styles.close} onClick={onClose} aria-label="닫기">
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div
        ref={stage}
        className={styles.stage}
        data-testid="viewer-stage"
        data-scale={scale.toFixed(2)}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        {src && (
          <img
            key={src}
            src={src}
            alt={`${label} 이미지 ${index + 1}`}
            width={600}
            height={720}
            draggable={false}
            className={styles.image}
            style={cssVars({
              '--viewer-x': `${pan.x + drag}px`,
              '--viewer-y': `${pan.y}px`,
              '--viewer-scale': scale,
            })}
          />
        )}
      </div>
      {count > 1 && (
        <div className={styles.nav}>
          <button type="button" onClick={() => go(index - 1)} disabled={index === 0} aria-label="이전 이미지">
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            onClick={() => go(index + 1)}
            disabled={index === count - 1}
            aria-label="다음 이미지"
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
      <p className="visually-hidden">
        좌우로 밀어 이미지를 넘기고, 두 손가락으로 벌리거나 두 번 탭해 확대하세요.
      </p>
    </div>
  );
}
