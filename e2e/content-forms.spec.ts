import { expect, test } from './helpers.ts';

test.describe('content forms (SPEC.md "Contents")', () => {
  test('a guest answers a post quiz and survey, rates the post and the daily look, and sees the results', async ({
    page,
  }) => {
    // The seed's second post carries a quiz (right option marked) and a survey.
    await page.goto('/post/2');
    const quiz = page.getByTestId('form-post-quiz');
    await expect(quiz).toContainText('슬랙스 핏은?');
    await expect(page.locator('main')).not.toContainText('(정답)');
    await quiz.getByRole('button', { name: '와이드 핏' }).click();
    await quiz.getByRole('button', { name: '정답 제출' }).click();
    await expect(quiz.locator('output')).toContainText("아쉬워요. 정답은 '테이퍼드 핏'이에요.");
    await expect(quiz.getByTestId('result-bar').first()).toContainText('100% · 1명');

    const survey = page.getByTestId('form-post-survey');
    await survey.getByRole('button', { name: '스트레이트 핏' }).click();
    await survey.getByRole('button', { name: '투표하기' }).click();
    await expect(survey.getByTestId('result-bar').nth(2)).toContainText('(내 선택)');

    await page.getByTestId('feedback-helpful').click();
    await expect(page.getByTestId('feedback-helpful')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('feedback-helpful')).toContainText('1');

    // On a later visit the answers are shown from the start.
    await page.reload();
    await expect(page.getByTestId('form-post-quiz').locator('output')).toContainText('정답은');

    await page.goto('/');
    const look = page.getByTestId('daily-look');
    await look.getByTestId('feedback-like').click();
    await expect(look.getByTestId('feedback-like')).toHaveAttribute('aria-pressed', 'true');
    await expect(look.locator('output')).toContainText('오늘 1명이 평가했어요 · 좋아요 100%');
  });
});
