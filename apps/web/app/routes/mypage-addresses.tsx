import type { ShippingAddress, ShippingAddressList } from '@codiroom/shared';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { PageHeader } from '../components/PageHeader';
import { EmptyState } from '../components/ProductGrid';
import { browserApi } from '../lib/browser-api';
import page from '../styles/page.module.css';
import type { Route } from './+types/mypage-addresses';

export function meta(_: Route.MetaArgs) {
  return [{ title: '배송지 관리 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

export default function AddressesPage() {
  const [list, setList] = useState<ShippingAddress[] | null>(null);
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    const body = await browserApi().getOr<ShippingAddressList>('/api/users/get-user-shipping-info', {
      result: [],
    });
    setList(body.result);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

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
    const res = await browserApi().request('POST', '/api/users/post-user-shipping-info', { body });
    if (!res.ok) {
      setError(res.detail);
      return;
    }
    setError(null);
    setAdding(false);
    await load();
  }

  async function remove(id: number) {
    await browserApi().request('DELETE', `/api/users/delete-user-shipping-info/${id}`);
    await load();
  }

  async function makeDefault(id: number) {
    await browserApi().request('PUT', '/api/users/put-user-shipping-info', {
      body: { id, is_default: true },
    });
    await load();
  }

  return (
    <>
      <PageHeader title="배송지 관리" actions={false} titleAs="h1" />
      <main>
        {list === null ? (
          <p className={page.toolbar} aria-busy="true">
            불러오는 중…
          </p>
        ) : list.length === 0 && !adding ? (
          <EmptyState title="등록된 배송지가 없어요" />
        ) : (
          <ul className={page.cardList}>
            {list.map((a) => (
              <li key={a.id} style={{ padding: 14, border: '1px solid var(--color-line)', borderRadius: 10 }}>
                <p style={{ margin: 0, fontWeight: 700 }}>
                  {a.name} {a.is_default && <span className={page.error}>기본 배송지</span>}
                </p>
                <p style={{ margin: '4px 0' }}>
                  {a.recipient} · {a.phone}
                </p>
                <p className={page.muted} style={{ margin: 0 }}>
                  ({a.zipcode}) {a.main_address} {a.detail_address}
                </p>
                <p style={{ display: 'flex', gap: 12, margin: '10px 0 0' }}>
                  {!a.is_default && (
                    <button
                      type="button"
                      className={page.muted}
                      style={{
                        background: 'none',
                        border: 0,
                        padding: 0,
                        textDecoration: 'underline',
                        cursor: 'pointer',
                      }}
                      onClick={() => makeDefault(a.id)}
                    >
                      기본 배송지로 설정
                    </button>
                  )}
                  <button
                    type="button"
                    className={page.muted}
                    style={{
                      background: 'none',
                      border: 0,
                      padding: 0,
                      textDecoration: 'underline',
                      cursor: 'pointer',
                    }}
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
            <label>
              우편번호
              <input
                className={page.input}
                name="zipcode"
                inputMode="numeric"
                maxLength={5}
                autoComplete="postal-code"
                required
              />
            </label>
            <label>
              주소
              <input className={page.input} name="main_address" autoComplete="address-line1" required />
            </label>
            <label>
              상세 주소
              <input className={page.input} name="detail_address" autoComplete="address-line2" />
            </label>
            <label>
              배송 요청사항
              <input className={page.input} name="request" placeholder="문 앞에 놓아주세요" />
            </label>
            <label style={{ flexDirection: 'row', alignItems: 'center' }}>
              <input type="checkbox" name="is_default" /> 기본 배송지로 설정
            </label>
            {error && (
              <p className={page.error} role="alert">
                {error}
              </p>
            )}
            <button type="submit" className={page.button}>
              저장하기
            </button>
          </form>
        ) : (
          <div style={{ padding: 16 }}>
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
    </>
  );
}
