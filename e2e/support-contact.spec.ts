/**
 * The member's side of support beyond 1:1 문의 (docs/ARCHITECTURE.md, "Support"): a call-back
 * request from /mypage/inquiries opens its thread, and a cancelled item shows on /mypage/claims
 * (취소·반품·교환 내역), which the mypage menu links to.
 */
import { buyOneProduct, expect, signUpByPhone, test } from './helpers';

test('a member asks for a call-back and finds a cancelled item under 취소·반품·교환 내역', async ({
  page,
}) => {
  await signUpByPhone(page, '한전화', '01055550721');
  await buyOneProduct(page, 6, '한전화', '01055550721');
  const orderId = page.url().split('/').pop() as string;

  // The call-back request lands in the member's inquiries as a thread of its own.
  await page.goto('/mypage/inquiries');
  await page.getByTestId('callback').getByText('전화 상담 요청').click();
  const form = page.getByRole('form', { name: '전화 상담 요청' });
  await form.getByLabel('통화하기 편한 시간 (선택)').fill('평일 오후 3시 이후');
  await form.getByLabel('상담 내용').fill('교환 절차를 전화로 안내받고 싶어요.');
  await form.getByRole('button', { name: '전화 요청하기' }).click();
  await expect(page).toHaveURL(/\/mypage\/inquiries\/\d+$/);
  await expect(page.getByText('교환 절차를 전화로 안내받고 싶어요.')).toBeVisible();
  await expect(page.getByTestId('inquiry-status')).toHaveText('답변 대기');

  // Cancel the item (the API the order page's cancel uses), then the claims list shows it.
  const token = (await page.context().cookies()).find((c) => c.name === 'accessToken')?.value as string;
  const auth = { authorization: `Bearer ${decodeURIComponent(token)}` };
  const detail = await (await page.request.get(`/api/orders/${orderId}/detail`, { headers: auth })).json();
  const itemId = detail.items[0].id as number;
  expect(
    (
      await page.request.post(`/api/orders/order-items/${itemId}/cancel`, { headers: auth, data: {} })
    ).status(),
  ).toBe(200);
  await page.goto('/mypage');
  await page.getByRole('link', { name: '취소·반품·교환 내역' }).click();
  await expect(page).toHaveURL(/\/mypage\/claims$/);
  const row = page.getByTestId('claim-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(detail.items[0].name);
  await expect(row).toContainText('취소');
});
