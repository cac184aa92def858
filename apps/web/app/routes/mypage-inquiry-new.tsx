/**
 * /mypage/inquiries/new: a 1:1 문의 — the category tree, optionally one of the member's recent
 * orders (or the one in `?order=`), a title and the question, up to five photos (re-encoded by the
 * server and seen only by the member and the shop).
 */
import {
  formatKst,
  SUPPORT_CATEGORIES,
  SUPPORT_LIMITS,
  SUPPORT_MAIN_CATEGORIES,
  type SupportMainCategory,
} from '@codiroom/shared';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PhotoPicker } from '../components/PhotoPicker';
import { SheetSelect } from '../components/SheetSelect';
import { browserApi } from '../lib/browser-api';
import { memberHeader } from '../lib/member-header';
import { useMutation } from '../lib/use-mutation';
import my from '../styles/mypage.module.css';
import page from '../styles/page.module.css';
import type { Route } from './+types/mypage-inquiry-new';

/** The member layout's header (routes/mypage-layout.tsx). */
export const handle = memberHeader('1:1 문의하기');

export function meta(_: Route.MetaArgs) {
  return [{ title: '1:1 문의하기 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return browserApi().get('/api/orders/order-list-simple', { limit: 20 }, { signal: request.signal });
}

export function HydrateFallback() {
  return null;
}

export default function NewInquiryPage({ loaderData: orders }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [main, setMain] = useState<SupportMainCategory>(params.get('order') ? '배송' : '주문/결제');
  const [files, setFiles] = useState<File[]>([]);
  const send = useMutation(
    (form: FormData) => browserApi().request('POST', '/api/customer_experiences/tickets', { body: form }),
    { revalidate: false, onSuccess: (t) => navigate(`/mypage/inquiries/${t.id}`) },
  );
  return (
    <main>
      <form
        className={`${page.form} ${my.padded}`}
        aria-label="1:1 문의"
        onSubmit={(e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          const form = new FormData();
          for (const k of ['main_category', 'sub_category', 'title', 'content'])
            form.append(k, String(f.get(k) ?? ''));
          const order = String(f.get('order') ?? '');
          if (order) {
            form.append('target_type', 'ORDER');
            form.append('target_id', order);
          }
          for (const file of files) form.append('files', file, file.name);
          void send.run(form);
        }}
      >
        <SheetSelect
          label="문의 유형"
          name="main_category"
          value={main}
          onChange={(v) => setMain(v as SupportMainCategory)}
          options={SUPPORT_MAIN_CATEGORIES.map((c) => ({ value: c, label: c }))}
        />
        <SheetSelect
          key={main}
          label="세부 유형"
          name="sub_category"
          options={SUPPORT_CATEGORIES[main].map((c) => ({ value: c, label: c }))}
        />
        <SheetSelect
          label="문의할 주문 (선택)"
          name="order"
          defaultValue={params.get('order') ?? ''}
          options={[
            { value: '', label: '선택 안 함' },
            ...orders.result.map((o) => ({
              value: String(o.id),
              // The KST order day (the UTC date of created_at is a day early before 9시).
              label: `${formatKst(o.created_at, 'date')} · ${o.order_name}`,
            })),
          ]}
        />
        <label>
          제목
          <input
            className={page.input}
            name="title"
            required
            minLength={2}
            maxLength={SUPPORT_LIMITS.title}
          />
        </label>
        <label>
          내용
          <textarea
            className={page.input}
            name="content"
            required
            minLength={10}
            maxLength={SUPPORT_LIMITS.content}
            rows={6}
          />
        </label>
        <PhotoPicker
          files={files}
          onChange={setFiles}
          max={SUPPORT_LIMITS.files}
          accept="image/jpeg,image/png,image/webp"
        />
        <p className={page.muted}>
          사진은 위치 정보 같은 사진 정보를 지우고 저장하며, 회원님과 고객센터만 볼 수 있어요.
        </p>
        {send.error && (
          <p className={page.error} role="alert">
            {send.error}
          </p>
        )}
        <button type="submit" className={page.button} disabled={send.pending}>
          {send.pending ? '보내는 중…' : '문의 남기기'}
        </button>
      </form>
    </main>
  );
}
