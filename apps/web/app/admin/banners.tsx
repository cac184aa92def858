/**
 * /admin/banners (MD): banners by placement with their state now; a new banner (checked with the
 * API's BannerInput: a link inside the shop or https, a KST window); switching one off or on and
 * replacing its picture.
 */
import {
  type AdminBanner,
  BANNER_PLACEMENT_LABELS,
  BANNER_PLACEMENTS,
  BannerInput,
  DAY_GATES,
} from '@codiroom/shared';
import type { ColumnDef } from '@tanstack/react-table';
import type { Route } from './+types/banners';
import styles from './admin.module.css';
import { adminApi } from './api';
import { DataTable } from './DataTable';
import { CreateForm, OnOffButton, PictureUpload, useAdminAction } from './feedback';
import { kst, kstInstant } from './format';

/** SPEC.md §9: weekday Mon–Thu, weekend Fri–Sun (KST). */
const DAYS = { ALL: '매일', WEEKDAY: '평일(월~목)', WEEKEND: '주말(금~일)' } as const;
const STATE = { SHOWN: '노출 중', SCHEDULED: '예약', ENDED: '종료', OFF: '꺼짐' } as const;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminApi.get('/api/admin/banners', undefined, { signal: request.signal });
}

type Act = ReturnType<typeof useAdminAction>['act'];

/** The banner list (the back office's one list pattern: DataTable); on/off and the picture in its row. */
const columns = (act: Act): ColumnDef<AdminBanner, unknown>[] => [
  {
    id: 'placement',
    header: '위치',
    accessorFn: (b) =>
      BANNER_PLACEMENT_LABELS[b.placement as keyof typeof BANNER_PLACEMENT_LABELS] ?? b.placement,
  },
  {
    id: 'image',
    header: '그림',
    enableSorting: false,
    cell: ({ row: { original: b } }) => (
      <img src={b.image_url} alt="" width={96} height={48} loading="lazy" />
    ),
  },
  {
    id: 'title',
    header: '배너',
    accessorFn: (b) => b.title,
    cell: ({ row: { original: b } }) => (
      <>
        <strong>{b.title}</strong>
        <div className={styles.muted}>
          {b.subtitle} · {b.link_url}
        </div>
      </>
    ),
  },
  {
    id: 'window',
    header: '기간(KST)',
    accessorFn: (b) => b.starts_at,
    cell: ({ row: { original: b } }) => (
      <>
        {kst(b.starts_at)} ~ {kst(b.ends_at)}
        <div className={styles.muted}>{DAYS[b.days]}</div>
      </>
    ),
  },
  { id: 'state', header: '상태', accessorFn: (b) => STATE[b.state] },
  {
    id: 'actions',
    header: '관리',
    enableSorting: false,
    cell: ({ row: { original: b } }) => (
      <div className={styles.toolbar}>
        <OnOffButton path={`/api/admin/banners/${b.id}`} name={b.title} active={b.is_active} act={act} />
        <PictureUpload
          label="그림 바꾸기"
          onFile={(form) =>
            void act(
              () => adminApi.post(`/api/admin/banners/${b.id}/image`, form),
              `${b.title}: 그림을 바꿨어요.`,
            )
          }
        />
      </div>
    ),
  },
];

export default function AdminBanners({ loaderData }: Route.ComponentProps) {
  const { act, refuse, feedback } = useAdminAction();
  return (
    <>
      <h1>배너</h1>
      {feedback}
      <DataTable data={loaderData.result} columns={columns(act)} label="배너 목록" empty="배너가 없어요." />
      <CreateForm
        label="배너 만들기"
        onSubmit={(s) => {
          const body = BannerInput.safeParse({
            placement: s('placement'),
            title: s('title'),
            subtitle: s('subtitle'),
            link_url: s('link_url'),
            starts_at: kstInstant(s('starts_at')),
            ends_at: kstInstant(s('ends_at')),
            sort_order: Number(s('sort_order') || 0),
            days: s('days') || 'ALL',
          });
          if (!body.success) {
            refuse(body.error.issues, '배너');
            return false;
          }
          return act(() => adminApi.post('/api/admin/banners', body.data), '배너를 만들었어요.');
        }}
      >
        <label className={styles.field}>
          위치
          <select className={styles.input} name="placement">
            {BANNER_PLACEMENTS.map((p) => (
              <option key={p} value={p}>
                {BANNER_PLACEMENT_LABELS[p]}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          순서
          <input className={styles.input} name="sort_order" inputMode="numeric" defaultValue={0} />
        </label>
        <label className={styles.field}>
          제목
          <input className={styles.input} name="title" maxLength={200} />
        </label>
        <label className={styles.field}>
          부제
          <input className={styles.input} name="subtitle" maxLength={300} />
        </label>
        <label className={`${styles.field} ${styles.wide}`}>
          링크 (/promotion/3 또는 https://…)
          <input className={styles.input} name="link_url" maxLength={500} />
        </label>
        <label className={styles.field}>
          시작(KST)
          <input className={styles.input} type="datetime-local" name="starts_at" />
        </label>
        <label className={styles.field}>
          종료(KST)
          <input className={styles.input} type="datetime-local" name="ends_at" />
        </label>
        <label className={styles.field}>
          요일
          <select className={styles.input} name="days" defaultValue="ALL">
            {DAY_GATES.map((d) => (
              <option key={d} value={d}>
                {DAYS[d]}
              </option>
            ))}
          </select>
        </label>
      </CreateForm>
    </>
  );
}
