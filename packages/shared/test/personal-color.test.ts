import { describe, expect, it } from 'vitest';
import {
  PERSONAL_COLOR_QUESTIONS,
  PersonalColorRequest,
  personalColorResult,
} from '../src/personal-color.ts';

const all = (pick: Record<string, string>) => pick;

describe('personal colour quiz', () => {
  it('warm and light answers give spring; cool and deep winter; the palette comes with it', () => {
    const spring = personalColorResult(
      all({ vein: 'green', metal: 'gold', sun: 'burn', contrast: 'soft', shirt: 'ivory' }),
    );
    expect(spring).toMatchObject({ result: 'SPRING_WARM', label: '봄 웜톤' });
    expect(spring.palette).toContain('아이보리');
    expect(
      personalColorResult({ vein: 'blue', metal: 'silver', sun: 'tan', contrast: 'strong', shirt: 'black' })
        .result,
    ).toBe('WINTER_COOL');
    expect(
      personalColorResult({ vein: 'blue', metal: 'silver', sun: 'burn', contrast: 'soft', shirt: 'skyblue' })
        .result,
    ).toBe('SUMMER_COOL');
    expect(
      personalColorResult({ vein: 'green', metal: 'gold', sun: 'tan', contrast: 'strong', shirt: 'camel' })
        .result,
    ).toBe('AUTUMN_WARM');
    // A warm–cool tie leans warm (green +1, silver −1, burn −1, ivory +1; light +1).
    expect(
      personalColorResult({ vein: 'green', metal: 'silver', sun: 'burn', contrast: 'strong', shirt: 'ivory' })
        .result,
    ).toBe('SPRING_WARM');
    // Light and deep never tie: three answers move it by one each.
    expect(
      personalColorResult({ vein: 'mixed', metal: 'silver', sun: 'tan', contrast: 'soft', shirt: 'black' })
        .result,
    ).toBe('WINTER_COOL');
  });

  it('takes only a complete set of known answers', () => {
    const ok = { vein: 'green', metal: 'gold', sun: 'burn', contrast: 'soft', shirt: 'ivory' };
    expect(PersonalColorRequest.safeParse({ answers: ok }).success).toBe(true);
    expect(PersonalColorRequest.safeParse({ answers: { ...ok, shirt: 'purple' } }).success).toBe(false);
    const { shirt: _s, ...missing } = ok;
    expect(PersonalColorRequest.safeParse({ answers: missing }).success).toBe(false);
    expect(PersonalColorRequest.safeParse({ answers: { ...ok, extra: 'x' } }).success).toBe(false);
    expect(PERSONAL_COLOR_QUESTIONS.length).toBe(5);
  });
});
