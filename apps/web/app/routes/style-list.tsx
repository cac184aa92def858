import { Link } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { Pager } from '../components/Pager';
import { pageParam } from '../lib/api';
import { contentReads } from '../lib/page-reads.server';
import { seoMeta } from '../lib/seo';
import page from '../styles/page.module.css';
import type { Route } from './+types/style-list';

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const styles = await contentReads(context).styles(pageParam(url));
  return { styles, origin: url.origin };
}

export function meta({ data }: Route.MetaArgs) {
  return seoMeta({
    title: '스타일 - 스타일리스트가 완성한 남자 코디 | 코디룸',
    description:
      '미니멀, 비즈니스 캐주얼, 클래식, 댄디까지. 상의부터 신발까지 한 번에 담는 코디 세트를 만나보세요.',
    origin: data?.origin ?? '',
    path: '/style',
  });
}

export default function StyleList({ loaderData }: Route.ComponentProps) {
  const { styles } = loaderData;
  return (
    <>
      <PageHeader title="스타일" back={false} titleAs="h1" />
      <main>
        <ul className={page.cardList}>
          {styles.result.map((s, i) => (
            <li key={s.id}>
              <Link to={`/style/${s.id}`} className={page.wideCard}>
                <img src={s.image_url} alt="" width={390} height={260} loading={i < 2 ? 'eager' : 'lazy'} />
                <strong>{s.name}</strong>
                <span>
                  {s.tags.map((t) => `#${t}`).join(' ')} · 코디 {s.codi_count}개
                </span>
              </Link>
            </li>
          ))}
        </ul>
        <Pager page={styles.page} totalPage={styles.total_page} />
      </main>
    </>
  );
}
