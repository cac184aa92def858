/**
 * /mypage/addresses: the member's shipping addresses (SPEC.md §2), add / remove / make default; a
 * new address's postcode and road address come from 주소 검색 (app/address/AddressSearch) or are typed.
 */
import type { ApiResult } from '@codiroom/shared';
import { type FormEvent, useState } from 'react';
import { AddressSearchToggle } from '../address/AddressSearch';
import { EmptyState } from '../components/ProductGrid';
import { browserApi } from '../lib/browser-api';
import { memberHeader } from '../lib/member-header';
import { LoadingNote } from '../lib/route-data';
import { useMutation } from '../lib/use-mutation';
import my from '../styles/mypage.module.css';
import page from '../styles/page.module.css';
import type { Route } from './+types/mypage-addresses';

/** The member layout's header (routes/mypage-layout.tsx). */
export const handle = memberHeader('배송지 관리');

export function meta(_: Route.MetaArgs) {
  return [{ title: '배송지 관리 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

/** Member data, loaded in the browser; a 5xx reaches the ErrorBoundary instead of "no address". */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const body = await browserApi().get('/api/users/get-user-shipping-info', undefined, {
    signal: request.signal,
  });
  return body.result;
}

export function HydrateFallback() {
  return (
    <main>
      <LoadingNote />
    </main>
  );
}

type Change =
  | { kind: 'add'; body: Record<string, unknown> }
  | { kind: 'remove'; id: number }
  | { kind: 'default'; id: number };

function send(change: Change): Promise<ApiResult<unknown>> {
  const api = browserApi();
  if (change.kind === 'add')
    return api.request('POST', '/api/users/post-user-shipping-info', { body: change.body });
  if (change.kind === 'remove')
    return api.request('DELETE', `/api/users/delete-user-shipping-info/${change.id}`);
  return api.request('PUT', '/api/users/put-user-shipping-info', {
    body: { id: change.id, is_default: true },
  });
}

export default function AddressesPage({ loaderData: list }: Route.ComponentProps) {
  const [adding, setAdding] = useState(false);
  const [zipcode, setZipcode] = useState('');
  const [mainAddress, setMainAddress] = useState('');
  const change = useMutation(send);
  const error = change.error;

  async function add(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const body = {
      name: String(f.get('name') ?? ''),
      recipient: String(f.get('recipient') ?? ''),
      phone: String(f.get('phone') ?? '').replace(/\D/g, ''),
      zipcode: String(f.get('zipcode') ?? ''),
      main_address: String(f.get('main_address') ?? ''),
      detail_address: String(f.get('detail_address') ?? ''),
      request: String(f.get('request') ?? '') || null,
      is_default: f.get('is_default') === 'on',
    };
    const res = await change.run({ kind: 'add', body });
    if (res?.ok) {
      setAdding(false);
      setZipcode('');
      setMainAddress('');
    }
  }

  const remove = (id: number) => change.run({ kind: 'remove', id });
  const makeDefault = (id: number) => change.run({ kind: 'default', id });

  return (
    <main>
      {list.length === 0 && !adding ? (
        <EmptyState title="등록된 배송지가 없어요" />
      ) : (
        <ul className={page.cardList}>
          {list.map((a) => (
            <li key={a.id} className={my.card}>
              <p className={my.cardTitle}>
                {a.name} {a.is_default && <span className={page.error}>기본 배송지</span>}
              </p>
              <p className={my.line}>
                {a.recipient} · {a.phone}
              </p>
              <p className={`${page.muted} ${my.flat}`}>
                ({a.zipcode}) {a.main_address} {a.detail_address}
              </p>
              <p className={my.cardActions}>
                {!a.is_default && (
                  <button
                    type="button"
                    className={`${page.muted} ${my.linkButton}`}
                    disabled={change.pending}
                    onClick={() => makeDefault(a.id)}
                  >
                    기본 배송지로 설정
                  </button>
                )}
                <button
                  type="button"
                  className={`${page.muted} ${my.linkButton}`}
                  disabled={change.pending}
                  onClick={() => remove(a.id)}
                >
                  삭제
                </button>
              </p>
            </li>
          ))}
        </ul>
      )}
      {adding ? (
        <form className={page.form} onSubmit={add} aria-label="새 배송지">
          <label>
            배송지명
            <input className={page.input} name="name" placeholder="집, 회사" required />
          </label>
          <label>
            받는 분
            <input className={page.input} name="recipient" autoComplete="name" required />
          </label>
          <label>
            연락처
            <input
              className={page.input}
              name="phone"
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              required
            />
          </label>
          <AddressSearchToggle
            onPick={(a) => {
              setZipcode(a.zipcode);
              setMainAddress(a.road_address);
            }}
          />
          <label>
            우편번호
            <input
              className={page.input}
              name="zipcode"
              inputMode="numeric"
              maxLength={5}
              autoComplete="postal-code"
              required
              value={zipcode}
              onChange={(e) => setZipcode(e.target.value.replace(/\D/g, ''))}
            />
          </label>
          <label>
            주소
            <input
              className={page.input}
              name="main_address"
              autoComplete="address-line1"
              required
              value={mainAddress}
              onChange={(e) => setMainAddress(e.target.value)}
            />
          </label>
          <label>
            상세 주소
            <input className={page.input} name="detail_address" autoComplete="address-line2" />
          </label>
          <label>
            배송 요청사항
            <input className={page.input} name="request" placeholder="문 앞에 놓아주세요" />
          </label>
          <label className={my.checkRow}>
            <input type="checkbox" name="is_default" /> 기본 배송지로 설정
          </label>
          {error && (
            <p className={page.error} role="alert">
              {error}
            </p>
          )}
          <button type="submit" className={page.button} disabled={change.pending}>
            저장하기
          </button>
        </form>
      ) : (
        <div className={my.padded}>
          <button
            type="button"
            className={`${page.button} ${page.buttonOutline}`}
            onClick={() => setAdding(true)}
          >
            새 배송지 추가
          </button>
        </div>
      )}
    </main>
  );
}
