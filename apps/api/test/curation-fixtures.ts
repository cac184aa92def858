/** A member's style quiz answers the curation tests share: an office-minded member in L with a budget. */
export const QUIZ = {
  height: 175,
  weight: 72,
  fit_preference: 'regular',
  liked_styles: ['미니멀', '비즈니스캐주얼', '캐주얼', '클래식'],
  disliked_styles: ['스트릿'],
  liked_colors: ['네이비'],
  avoided_colors: ['핑크', '레드'],
  budget_max: 200_000,
  occasions: ['office', 'weekend'],
};
