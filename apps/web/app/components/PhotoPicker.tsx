/**
 * The photo picker of the review and inquiry forms: a "사진 추가" button (the file input, hidden
 * but labelled), a thumbnail of each chosen photo with a button to take it out, and the count
 * against the limit ("사진 2/5"). Choosing again adds to the photos already chosen, up to the limit.
 * Thumbnails are object URLs (CSP img-src allows blob:), revoked when the photo leaves.
 */
import { useEffect, useState } from 'react';
import css from './PhotoPicker.module.css';

export function PhotoPicker({
  files,
  onChange,
  max,
  already = 0,
  accept,
  hint,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  /** The most photos one form takes, those already saved included. */
  max: number;
  /** Photos already saved (a review being edited): they count towards `max`. */
  already?: number;
  accept: string;
  hint?: string;
}) {
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    const made = files.map((f) => URL.createObjectURL(f));
    setUrls(made);
    return () => {
      for (const u of made) URL.revokeObjectURL(u);
    };
  }, [files]);
  const room = Math.max(0, max - already - files.length);
  const count = already + files.length;
  return (
    <div className={css.picker}>
      <p className={css.title}>
        사진{' '}
        <span data-testid="photo-count">
          {count}/{max}
        </span>
      </p>
      <div className={css.row}>
        {room > 0 && (
          <label className={css.add}>
            <input
              className="visually-hidden"
              type="file"
              accept={accept}
              multiple
              onChange={(e) => {
                const picked = [...(e.currentTarget.files ?? [])].slice(0, room);
                e.currentTarget.value = '';
                if (picked.length > 0) onChange([...files, ...picked]);
              }}
            />
            <span aria-hidden="true" className={css.plus}>
              +
            </span>
            사진 추가
          </label>
        )}
        {files.length > 0 && (
          <ul className={css.thumbs} aria-label="고른 사진">
            {files.map((f, i) => (
              <li key={`${f.name}-${f.size}-${f.lastModified}-${i}`} className={css.thumb}>
                {urls[i] && <img src={urls[i]} alt={`고른 사진 ${i + 1}`} width={72} height={72} />}
                <button
                  type="button"
                  className={css.remove}
                  aria-label={`사진 ${i + 1} 빼기`}
                  onClick={() => onChange(files.filter((_, j) => j !== i))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <p className={css.hint}>
        {room === 0 ? `사진은 최대 ${max}장까지 올릴 수 있어요.` : `최대 ${max}장`}
        {hint ? ` · ${hint}` : ''}
      </p>
    </div>
  );
}
