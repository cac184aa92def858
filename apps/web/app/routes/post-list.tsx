import { Link } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { Pager } from '../components/Pager';
import { pageParam } from '../lib/api';
import { contentReads } from '../lib/page-reads.server';
import { seoMeta } from '../lib/seo';
import page from '../styles/page.module.css';
import type { Route } from './+types/post-list';

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const posts = await contentReads(context).posts(pageParam(url));
  return { posts, origin: url.origin };
}

export function meta({ data }: Route.MetaArgs) {
  return seoMeta({
    title: '매거진 - 3040 남자 스타일 가이드 | 코디룸',
    description: '출근룩, 계절별 코디, 체형별 핏 가이드까지. 코디룸 스타일리스트가 쓰는 남성 패션 매거진.',
    origin: data?.origin ?? '',
    path: '/post',
  });
}

export default function PostList({ loaderData }: Route.ComponentProps) {
  const { posts } = loaderData;
  return (
    <>
      <PageHeader title="매거진" titleAs="h1" />
      <main>
        <ul className={page.cardList}>
          {posts.result.map((p, i) => (
            <li key={p.id}>
              <Link to={`/post/${p.id}`} className={page.wideCard}>
                <img
                  src={p.cover_image_url}
                  alt=""
                  width={390}
                  height={260}
                  loading={i < 2 ? 'eager' : 'lazy'}
                />
                <span>{p.category}</span>
                <strong>{p.title}</strong>
                <span>{p.subtitle}</span>
              </Link>
            </li>
          ))}
        </ul>
        <Pager page={posts.page} totalPage={posts.total_page} />
      </main>
    </>
  );
}
