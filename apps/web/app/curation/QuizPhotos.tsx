/**
 * The style quiz's optional photos (docs/ARCHITECTURE.md, "Style quiz"): a face and a full-body
 * photo for the curator. Each is sent as soon as it is chosen (POST style-quiz-photo; the server
 * re-encodes it and strips its metadata) and can be removed (DELETE). The thumbnails use the
 * signed, private URLs the server answers: only the member and curators can open them.
 */
import type { StyleQuizPhoto } from '@codiroom/shared';
import { useState } from 'react';
import { browserApi } from '../lib/browser-api';
import { useMutation } from '../lib/use-mutation';
import page from '../styles/page.module.css';
import styles from './stylequiz.module.css';

const TYPES = [
  { type: 'FACE', label: '얼굴 사진', hint: '정면, 밝은 곳에서' },
  { type: 'BODY', label: '전신 사진', hint: '평소 옷차림, 몸에 붙는 옷이면 더 좋아요' },
] as const;

export function QuizPhotos({ initial }: { initial: StyleQuizPhoto[] }) {
  const [photos, setPhotos] = useState(initial);
  const upload = useMutation(
    (type: string, file: File) => {
      const form = new FormData();
      form.append('photo_type', type);
      form.append('photo', file, file.name);
      return browserApi().request('POST', '/api/curations/style-quiz-photo', { body: form });
    },
    {
      revalidate: false,
      onSuccess: (p) => setPhotos((all) => [p, ...all.filter((x) => x.photo_type !== p.photo_type)]),
    },
  );
  const remove = useMutation(
    (id: number) => browserApi().request('DELETE', `/api/curations/style-quiz-photo/${id}`),
    { revalidate: false, onSuccess: (d) => setPhotos((all) => all.filter((x) => x.id !== d.id)) },
  );
  return (
    <>
      <p className={page.muted}>
        사진은 선택이에요. 스타일리스트만 볼 수 있고, 위치 정보 같은 사진 정보는 지우고 저장해요. 언제든
        삭제할 수 있어요.
      </p>
      <div className={styles.photoRow}>
        {TYPES.map(({ type, label, hint }) => {
          const photo = photos.find((p) => p.photo_type === type);
          return (
            <div key={type} className={styles.photoSlot} data-testid={`quiz-photo-${type}`}>
              <strong>{label}</strong>
              {photo ? (
                <>
                  <img src={photo.image_url} alt={`내 ${label}`} width={120} height={160} />
                  <button
                    type="button"
                    className={styles.option}
                    disabled={remove.pending}
                    onClick={() => remove.run(photo.id)}
                  >
                    삭제
                  </button>
                </>
              ) : (
                <label className={styles.option}>
                  사진 고르기
                  <input
                    className="visually-hidden"
                    aria-label={`${label} 고르기`}
                    type="file"
                    accept="image/jpeg,image/png,image/webp"
                    disabled={upload.pending}
                    onChange={(e) => {
                      const file = e.currentTarget.files?.[0];
                      e.currentTarget.value = '';
                      if (file) void upload.run(type, file);
                    }}
                  />
                </label>
              )}
              <span className={page.muted}>{hint}</span>
            </div>
          );
        })}
      </div>
      {upload.pending && <output className={page.muted}>사진을 올리는 중…</output>}
      {(upload.error || remove.error) && (
        <p className={page.error} role="alert">
          {upload.error ?? remove.error}
        </p>
      )}
    </>
  );
}
