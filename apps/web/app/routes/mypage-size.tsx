/**
 * /mypage/size: the member's size info (docs/ARCHITECTURE.md, "Sizing") — height, weight, how they
 * like clothes to fit and their usual sizes per product type — with the body measurements the size
 * recommendation estimates from them.
 */
import { estimateBody, FIT_PREFERENCES, type FitPreference, isBodyInRange } from '@codiroom/shared';
import { Form, useNavigation } from 'react-router';
import { SheetSelect } from '../components/SheetSelect';
import { browserApi } from '../lib/browser-api';
import { memberHeader } from '../lib/member-header';
import { LoadingNote } from '../lib/route-data';
import { shopperMessage } from '../lib/shopper-text';
import my from '../styles/mypage.module.css';
import page from '../styles/page.module.css';
import type { Route } from './+types/mypage-size';

const FIT_LABEL: Record<FitPreference, string> = { slim: '슬림하게', regular: '보통', loose: '여유있게' };
const TYPES = [
  ['TOP', '상의 (예: L)'],
  ['OUTER', '아우터 (예: L)'],
  ['BOTTOM', '바지 (예: 32)'],
  ['SHOES', '신발 (예: 270)'],
] as const;

/** The member layout's header (routes/mypage-layout.tsx). */
export const handle = memberHeader('내 사이즈 정보');

export function meta(_: Route.MetaArgs) {
  return [{ title: '내 사이즈 정보 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return browserApi().get('/api/users/user-size-info', undefined, { signal: request.signal });
}

const num = (v: FormDataEntryValue | null) => (v === null || String(v).trim() === '' ? null : Number(v));

/** POST user-size-info; an emptied usual size is removed (null). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const f = await request.formData();
  const sizes: Record<string, string | null> = {};
  for (const [key] of TYPES) sizes[key] = String(f.get(`size_${key}`) ?? '').trim() || null;
  const fit = String(f.get('fit_preference') ?? '');
  const body = {
    height: num(f.get('height')),
    weight: num(f.get('weight')),
    fit_preference: (FIT_PREFERENCES as readonly string[]).includes(fit) ? fit : null,
    sizes,
  };
  const res = await browserApi().request('POST', '/api/users/user-size-info', { body });
  return res.ok ? { ok: true, text: '저장했어요.' } : { ok: false, text: shopperMessage(res.detail) };
}

export function HydrateFallback() {
  return <LoadingNote />;
}

export default function SizePage({ loaderData: info, actionData: message }: Route.ComponentProps) {
  const saving = useNavigation().state === 'submitting';
  const body =
    info.height && info.weight && isBodyInRange(info.height, info.weight)
      ? estimateBody(info.height, info.weight)
      : null;
  return (
    <main>
      <p className={`${page.intro} ${page.muted}`}>
        키와 몸무게를 알려주시면 상품마다 잘 맞을 사이즈를 추천해 드려요.
      </p>
      <Form method="post" className={page.form} aria-label="사이즈 정보">
        <label>
          키 (cm)
          <input
            className={page.input}
            name="height"
            type="number"
            min={140}
            max={210}
            defaultValue={info.height ?? ''}
          />
        </label>
        <label>
          몸무게 (kg)
          <input
            className={page.input}
            name="weight"
            type="number"
            min={40}
            max={160}
            defaultValue={info.weight ?? ''}
          />
        </label>
        <SheetSelect
          label="선호 핏"
          name="fit_preference"
          defaultValue={info.fit_preference ?? ''}
          options={[
            { value: '', label: '선택 안 함' },
            ...FIT_PREFERENCES.map((f) => ({ value: f, label: FIT_LABEL[f] })),
          ]}
        />
        {TYPES.map(([key, label]) => (
          <label key={key}>
            평소 사이즈 · {label}
            <input
              className={page.input}
              name={`size_${key}`}
              maxLength={20}
              defaultValue={info.sizes[key] ?? ''}
            />
          </label>
        ))}
        {message && <output className={message.ok ? page.muted : page.error}>{message.text}</output>}
        <button type="submit" className={page.button} disabled={saving}>
          저장
        </button>
      </Form>
      {body && (
        <section className={my.padded} aria-labelledby="estimated">
          <h2 id="estimated">추정 신체 치수</h2>
          <p className={page.muted}>
            가슴둘레 {body.chest}cm · 허리둘레 {body.waist}cm · 엉덩이둘레 {body.hip}cm · 어깨 {body.shoulder}
            cm · 팔길이 {body.arm}cm · 다리안쪽길이 {body.inseam}cm
          </p>
          <p className={page.muted}>사이즈코리아 30~59세 남성 측정 자료로 키·몸무게에서 추정한 값이에요.</p>
        </section>
      )}
    </main>
  );
}
