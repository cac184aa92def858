import { expect, signUpByPhone, test } from './helpers.ts';

// Missions (docs/ARCHITECTURE.md, 'Benefits'): a new member opens the mission page from 마이페이지, finishes the
// push-consent mission on the spot, receives its points once and sees the balance change (here and on the
// points page).

test('a member completes a mission, receives its points once and sees the balance change', async ({
  page,
}) => {
  const phone = '01055550161';
  await signUpByPhone(page, '김미션', phone);

  await page.goto('/mypage');
  await page.getByRole('link', { name: '미션' }).click();
  await expect(page).toHaveURL(/\/mypage\/missions$/);
  await expect(page.getByTestId('mission-point-balance')).toHaveText('0원');

  const push = page.locator('[data-testid="mission"][data-mission-code="APP_PUSH_CONSENT"]');
  await expect(push).toHaveAttribute('data-state', 'todo');
  // Nothing is receivable yet on a fresh account.
  await expect(page.getByRole('button', { name: '포인트 받기' })).toHaveCount(0);

  await push.getByRole('button', { name: '알림 켜기' }).click();
  await expect(push).toHaveAttribute('data-state', 'completed');
  await expect(page.locator('main output')).toContainText('앱 푸시 알림을 켰어요');

  await push.getByRole('button', { name: '포인트 받기' }).click();
  await expect(page.locator('main output')).toContainText('포인트 500원이 적립되었어요');
  await expect(push).toHaveAttribute('data-state', 'received');
  await expect(push).toContainText('받기 완료');
  await expect(page.getByTestId('mission-point-balance')).toHaveText('500원');

  // After a reload the mission stays received and offers no second receive; the ledger agrees.
  await page.reload();
  await expect(push).toHaveAttribute('data-state', 'received');
  await expect(page.getByRole('button', { name: '포인트 받기' })).toHaveCount(0);
  await expect(page.getByTestId('mission-point-balance')).toHaveText('500원');
  await page.goto('/mypage/points');
  await expect(page.getByTestId('point-balance')).toHaveText('500원');
  await expect(page.getByText('미션 완료 적립')).toBeVisible();
});
