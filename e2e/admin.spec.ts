import type { Page } from '@playwright/test';
import { E2E_ADMIN_KEY } from '../playwright.config';
import { expect, signUpByPhone, test } from './helpers.ts';

// The back office (docs/ARCHITECTURE.md, "Back office") on a desktop viewport: a curator signs in,
// finds a member's draft in the curation queue, swaps nothing, writes a note and publishes it; the
// member sees the note on /curation (390×844); an ADMIN finds the publication in the audit log.

const key = { 'x-admin-key': E2E_ADMIN_KEY };

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin$/);
  const form = page.getByRole('form', { name: '운영자 로그인' });
  await form.getByLabel('이메일').fill(email);
  await form.getByLabel('비밀번호').fill(password);
  await form.getByRole('button', { name: '로그인' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

test('a curator notes and publishes a draft; the member sees it; the audit log shows it', async ({
  browser,
  page,
}) => {
  // The member: signs up and takes the quiz (through the API here; the quiz screen has its own journey).
  await signUpByPhone(page, '김초안', '01055550311');
  const token = (await page.context().cookies()).find((c) => c.name === 'accessToken')?.value;
  const auth = { authorization: `Bearer ${token}` };
  const quiz = await page.request.post('/api/v1/curations/style-quiz', {
    headers: auth,
    data: { height: 176, weight: 74, liked_styles: ['미니멀', '클래식'], occasions: ['office'] },
  });
  expect(quiz.status()).toBe(200);
  const [draft] = (
    await (await page.request.get('/api/curations/get-styling-request', { headers: auth })).json()
  ).result as { id: number }[];

  // Operators, created by automation (the admin key); the first ADMIN comes from `npm run admin`.
  const stamp = Date.now();
  const curator = { email: `curator${stamp}@codiroom.test`, password: 'curator-pass-2026' };
  const admin = { email: `admin${stamp}@codiroom.test`, password: 'admin-pass-2026' };
  for (const [o, name, roles] of [
    [curator, '박큐레이터', ['CURATOR']],
    [admin, '최관리자', ['ADMIN']],
  ] as const) {
    const r = await page.request.post('/api/admin/operators', { headers: key, data: { ...o, name, roles } });
    expect(r.status()).toBe(200);
  }

  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const cp = await desk.newPage();
  await signIn(cp, curator.email, curator.password);
  const menu = cp.getByRole('navigation', { name: '백오피스 메뉴' });
  await expect(menu.getByRole('link', { name: '운영자 계정' })).toHaveCount(0); // ADMIN only
  await menu.getByRole('link', { name: '큐레이션 큐' }).click();
  const table = cp.getByRole('table', { name: '큐레이션 목록' });
  await table.getByRole('link', { name: `#${draft?.id}` }).click();
  await expect(cp.getByRole('heading', { level: 1 })).toContainText(`큐레이션 #${draft?.id}`);
  await expect(cp.getByTestId('curator-pick').first()).toBeVisible();
  const note = cp.getByRole('form', { name: '노트' });
  await note.getByLabel('큐레이터 이름').fill('박큐레이터');
  await note.getByLabel('회원에게 보일 노트').fill('출근룩은 네이비 재킷에 회색 슬랙스로 맞춰봤어요.');
  await note.getByRole('button', { name: '노트 저장' }).click();
  await expect(cp.locator('output')).toContainText('노트를 저장했어요');
  await cp.getByRole('button', { name: '지금 게시하기' }).click();
  await expect(cp.locator('output')).toContainText('게시했어요');
  await expect(cp.getByRole('button', { name: '지금 게시하기' })).toBeDisabled();
  // A direct call without the CSRF token is refused, even with the session cookie.
  const forged = await cp.request.post(`/api/admin/curations/${draft?.id}/publish`);
  expect(forged.status()).toBe(403);
  await desk.close();

  // The member sees the curator's note and name.
  await page.goto('/curation');
  await expect(page.getByTestId('curator-note')).toContainText('네이비 재킷');
  await expect(page.getByTestId('curation')).toContainText('박큐레이터 스타일리스트의 추천');

  // An ADMIN sees who published it.
  const adminDesk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const ap = await adminDesk.newPage();
  await signIn(ap, admin.email, admin.password);
  await ap
    .getByRole('navigation', { name: '백오피스 메뉴' })
    .getByRole('link', { name: '감사 로그' })
    .click();
  const log = ap.getByRole('table', { name: '감사 로그' });
  await expect(
    log.getByRole('row').filter({ hasText: `/api/admin/curations/:id/publish` }).first(),
  ).toContainText('박큐레이터');
  await adminDesk.close();
});
