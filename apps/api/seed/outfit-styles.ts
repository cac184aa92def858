/**
 * The outfit styles the seed dresses codi sets in (code, not a data file: their needs match
 * product names with RegExps). Colours are the shared vocabulary's (packages/shared/src/vocabulary.ts).
 */
import { type ColorKey, NEUTRAL_COLOR_KEYS, type StyleTag } from '@codiroom/shared';
import type { CodiOccasion } from './copy.ts';

/** A piece an outfit of a style must hold: of these categories, in these colours, so named. */
export interface StyleNeed {
  codes?: readonly string[];
  colors?: readonly ColorKey[];
  name?: RegExp;
}

export interface StyleDef {
  name: string;
  description: string;
  tags: readonly StyleTag[];
  /** The occasion its outfits are for (their title's last word, seed/copy.ts CODI_OCCASIONS). */
  occasion: CodiOccasion;
  /** Pieces its outfits must hold (each need met by one piece). */
  needs?: readonly StyleNeed[];
  /** The only colours of its clothes (shoes aside). */
  colors?: readonly ColorKey[];
  /** Its outfits hold no summer-only piece. */
  noSummer?: boolean;
}

/** The neutral colours without the earth tones, denim and metal: quiet, toned-down outfits. */
const TONED: readonly ColorKey[] = NEUTRAL_COLOR_KEYS.filter(
  (c) => c !== 'khaki' && c !== 'olive' && c !== 'silver' && !c.endsWith('denim'),
);
const MONO: readonly ColorKey[] = ['black', 'charcoal', 'grey', 'melange', 'lightgrey', 'white'];
const BROWNS: readonly ColorKey[] = ['brown', 'darkbrown', 'camel', 'beige', 'sand', 'oatmeal', 'ivory'];

export const STYLES: StyleDef[] = [
  {
    name: '미니멀 오피스룩',
    description: '군더더기 없는 실루엣과 톤 다운된 컬러로 완성하는 출근룩',
    tags: ['미니멀', '비즈니스캐주얼'],
    occasion: '출근룩',
    colors: TONED,
  },
  {
    name: '네이비 블레이저 클래식',
    description: '네이비 블레이저 하나로 신뢰감을 주는 클래식 스타일',
    tags: ['클래식', '포멀'],
    occasion: '미팅룩',
    needs: [{ codes: ['outer_blazer'], colors: ['navy'] }],
  },
  {
    name: '주말 아메카지',
    description: '데님과 자켓으로 여유로운 주말',
    tags: ['아메카지', '캐주얼'],
    occasion: '주말룩',
    needs: [{ codes: ['bottom_denim'] }, { codes: ['outer_jacket'] }],
  },
  {
    name: '댄디 캐주얼',
    description: '니트와 슬랙스, 로퍼로 완성하는 부드러운 남자',
    tags: ['댄디', '캐주얼'],
    occasion: '데이트룩',
    needs: [{ codes: ['top_knit'] }, { codes: ['bottom_slacks'] }, { codes: ['shoes_loafer'] }],
  },
  {
    name: '고프코어 출근룩',
    description: '기능성 아우터를 슬랙스와 매치한 실용적인 출근룩',
    tags: ['고프코어', '비즈니스캐주얼'],
    occasion: '출근룩',
    needs: [{ codes: ['outer_vest', 'outer_padding', 'outer_jacket'] }, { codes: ['bottom_slacks'] }],
  },
  {
    name: '모노톤 비즈니스',
    description: '블랙과 차콜, 그레이만으로 만드는 세련된 비즈니스룩',
    tags: ['미니멀', '포멀'],
    occasion: '출근룩',
    colors: MONO,
  },
  {
    name: '브라운 톤온톤',
    description: '브라운과 베이지 계열을 겹쳐 입는 따뜻한 코디',
    tags: ['클래식', '댄디'],
    occasion: '데일리룩',
    colors: BROWNS,
    noSummer: true,
  },
  {
    name: '세미포멀 하객룩',
    description: '결혼식에서 튀지 않으면서도 단정한 하객룩',
    tags: ['포멀', '댄디'],
    occasion: '하객룩',
  },
  {
    name: '골프 라운딩룩',
    description: '클럽하우스에서도 어색하지 않은 골프웨어 코디',
    tags: ['스포티', '클래식'],
    occasion: '운동룩',
  },
  {
    name: '니트 레이어드',
    description: '셔츠 위에 니트 가디건을 겹쳐 입는 간절기 레이어드',
    tags: ['댄디', '프레피'],
    occasion: '출근룩',
    needs: [{ codes: ['outer_cardigan'] }, { codes: ['top_shirt'] }],
    noSummer: true,
  },
  {
    name: '트렌치코트 클래식',
    description: '베이지 트렌치코트로 완성하는 간절기 정석',
    tags: ['클래식', '비즈니스캐주얼'],
    occasion: '출근룩',
    needs: [{ codes: ['outer_trench'], colors: ['beige', 'sand'] }],
    noSummer: true,
  },
  {
    name: '데님 온 데님',
    description: '톤이 다른 데님을 겹쳐 입는 캐주얼 스타일',
    tags: ['아메카지', '캐주얼'],
    occasion: '주말룩',
    needs: [{ codes: ['bottom_denim'] }, { codes: ['top_shirt', 'outer_jacket'], name: /데님|트러커/ }],
  },
  {
    name: '시티보이 룩',
    description: '오버핏 상의와 와이드 팬츠의 여유로운 실루엣',
    tags: ['시티보이', '캐주얼'],
    occasion: '데일리룩',
    needs: [
      { codes: ['top_shirt', 'top_tshirt', 'top_sweatshirt', 'top_hoodie', 'top_longsleeve'], name: /오버/ },
      { codes: ['bottom_slacks', 'bottom_chino', 'bottom_denim'], name: /와이드/ },
    ],
  },
  {
    name: '프레피 룩',
    description: '옥스포드 셔츠와 치노 팬츠, 로퍼의 아이비 스타일',
    tags: ['프레피', '클래식'],
    occasion: '데일리룩',
    needs: [
      { codes: ['top_shirt'], name: /옥스포드/ },
      { codes: ['bottom_chino'] },
      { codes: ['shoes_loafer'] },
    ],
  },
  {
    name: '워크웨어 무드',
    description: '튼튼한 소재와 포켓 디테일의 워크웨어 코디',
    tags: ['워크웨어', '아메카지'],
    occasion: '주말룩',
    needs: [{ codes: ['outer_jacket'], name: /워크|트러커|필드|카고/ }],
  },
  {
    name: '놈코어 데일리',
    description: '평범한 듯 정돈된 기본 아이템 조합',
    tags: ['놈코어', '미니멀'],
    occasion: '데일리룩',
  },
  {
    name: '금요일 캐주얼',
    description: '금요일엔 조금 가볍게, 비즈니스 캐주얼의 완성',
    tags: ['비즈니스캐주얼', '캐주얼'],
    occasion: '금요일 캐주얼',
  },
  {
    name: '첫 미팅 신뢰룩',
    description: '중요한 미팅에서 신뢰를 주는 단정한 스타일',
    tags: ['포멀', '클래식'],
    occasion: '미팅룩',
  },
  {
    name: '차콜 슬랙스 공식',
    description: '차콜 슬랙스 하나로 완성하는 출근룩',
    tags: ['비즈니스캐주얼', '미니멀'],
    occasion: '출근룩',
    needs: [{ codes: ['bottom_slacks'], colors: ['charcoal'] }],
  },
  {
    name: '베이지 치노 공식',
    description: '어디에나 어울리는 베이지 치노 코디법',
    tags: ['캐주얼', '프레피'],
    occasion: '데일리룩',
    needs: [{ codes: ['bottom_chino'], colors: ['beige'] }],
  },
  {
    name: '겨울 코트 정석',
    description: '울 코트와 니트로 만드는 겨울 출근룩',
    tags: ['클래식', '미니멀'],
    occasion: '출근룩',
    needs: [{ codes: ['outer_coat'] }, { codes: ['top_knit'] }],
    noSummer: true,
  },
  {
    name: '패딩 비즈니스룩',
    description: '슬랙스 위에도 어울리는 패딩 출근 코디',
    tags: ['비즈니스캐주얼', '캐주얼'],
    occasion: '출근룩',
    needs: [{ codes: ['outer_padding'] }, { codes: ['bottom_slacks'] }],
    noSummer: true,
  },
  {
    name: '스트릿 캐주얼',
    description: '후드와 데님으로 만드는 편한 스트릿룩',
    tags: ['스트릿', '캐주얼'],
    occasion: '주말룩',
    needs: [{ codes: ['top_hoodie'] }, { codes: ['bottom_denim'] }],
  },
  {
    name: '캠핑 아웃도어',
    description: '주말 캠핑을 위한 기능성 레이어링',
    tags: ['고프코어', '스포티'],
    occasion: '주말룩',
    needs: [{ codes: ['sports_outer', 'outer_vest', 'outer_padding'] }],
  },
  {
    name: '러닝 크루룩',
    description: '출근 전 러닝을 위한 가벼운 퍼포먼스룩',
    tags: ['스포티'],
    occasion: '운동룩',
  },
  {
    name: '가디건 댄디룩',
    description: '가디건 하나로 부드러워지는 인상',
    tags: ['댄디', '프레피'],
    occasion: '데이트룩',
    needs: [{ codes: ['outer_cardigan'] }],
  },
  {
    name: '블랙 앤 화이트',
    description: '흑백 대비로 깔끔하게 떨어지는 스타일',
    tags: ['미니멀', '놈코어'],
    occasion: '데일리룩',
    colors: ['black', 'white'],
  },
  {
    name: '올리브 포인트',
    description: '올리브와 카키로 주는 차분한 포인트',
    tags: ['아메카지', '워크웨어'],
    occasion: '데일리룩',
    needs: [{ colors: ['olive', 'khaki'] }],
  },
  {
    name: '셋업 수트 캐주얼',
    description: '블레이저와 슬랙스를 스니커즈와 매치한 캐주얼 수트룩',
    tags: ['비즈니스캐주얼', '댄디'],
    occasion: '금요일 캐주얼',
    needs: [{ codes: ['outer_blazer'] }, { codes: ['bottom_slacks'] }, { codes: ['shoes_sneakers'] }],
  },
  {
    name: '출장 여행룩',
    description: '출장 가방에 넣기 좋은 편안한 출근 코디',
    tags: ['비즈니스캐주얼', '고프코어'],
    occasion: '출근룩',
  },
  {
    name: '가을 레이어링',
    description: '셔츠 위에 가디건이나 자켓을 겹쳐 입는 가을 레이어링',
    tags: ['클래식', '댄디'],
    occasion: '출근룩',
    needs: [{ codes: ['top_shirt'] }, { codes: ['outer_cardigan', 'outer_blazer', 'outer_jacket'] }],
    noSummer: true,
  },
  {
    name: '스웨이드 포인트',
    description: '스웨이드 아이템 하나로 주는 질감 포인트',
    tags: ['클래식', '댄디'],
    occasion: '데이트룩',
    needs: [{ name: /스웨이드/ }],
  },
  {
    name: '화이트 셔츠 정석',
    description: '화이트 셔츠 한 장으로 완성하는 단정한 룩',
    tags: ['미니멀', '포멀'],
    occasion: '출근룩',
    needs: [{ codes: ['top_shirt'], colors: ['white'] }],
  },
  {
    name: '그레이 톤온톤',
    description: '라이트 그레이부터 차콜까지 그레이의 변주',
    tags: ['미니멀', '클래식'],
    occasion: '출근룩',
    colors: ['lightgrey', 'grey', 'melange', 'charcoal'],
  },
  {
    name: '아이비 스쿨룩',
    description: '니트와 코듀로이 팬츠의 캠퍼스 감성',
    tags: ['프레피', '캐주얼'],
    occasion: '데이트룩',
    needs: [{ codes: ['top_knit'] }, { codes: ['bottom_chino', 'bottom_slacks'], name: /코듀로이/ }],
  },
  {
    name: '편안한 재택룩',
    description: '화상회의에도 단정한 편안한 재택근무 코디',
    tags: ['놈코어', '캐주얼'],
    occasion: '데일리룩',
  },
  {
    name: '데이트룩',
    description: '과하지 않게 신경 쓴 주말 데이트룩',
    tags: ['댄디', '캐주얼'],
    occasion: '데이트룩',
  },
  {
    name: '가족 모임룩',
    description: '부모님도 좋아하시는 단정한 가족 모임 코디',
    tags: ['클래식', '댄디'],
    occasion: '모임룩',
  },
  {
    name: '겨울 니트 캐주얼',
    description: '두툼한 니트와 데님으로 따뜻한 겨울 캐주얼',
    tags: ['캐주얼', '댄디'],
    occasion: '주말룩',
    needs: [{ codes: ['top_knit'] }, { codes: ['bottom_denim'] }],
    noSummer: true,
  },
  {
    name: '연말 파티룩',
    description: '연말 모임을 위한 블랙 톤 세미 포멀',
    tags: ['포멀', '미니멀'],
    occasion: '모임룩',
    colors: ['black', 'charcoal', 'white'],
  },
];
