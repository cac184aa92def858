/**
 * The local postcode stand-in: answers outside production without a JUSO_API_KEY and in the tests,
 * from a small fixed list of road addresses in Seoul and Gyeonggi office districts (the same
 * answers every time). A keyword matches an address when each of its words is found in the road
 * address, the 지번 address or the building name, spaces ignored ("테헤란로152" finds 테헤란로 152).
 */
import type { PostcodeAddress } from '@codiroom/shared';
import type { PostcodePage, PostcodeProvider } from './provider.ts';

type Row = [zipcode: string, road: string, extra: string, jibun: string, building: string];

const ROWS: readonly Row[] = [
  ['06236', '서울특별시 강남구 테헤란로 152', '역삼동', '서울특별시 강남구 역삼동 737', '강남파이낸스센터'],
  ['06142', '서울특별시 강남구 테헤란로 231', '역삼동', '서울특별시 강남구 역삼동 678-10', '센터필드'],
  ['06164', '서울특별시 강남구 테헤란로 521', '삼성동', '서울특별시 강남구 삼성동 159-8', '파르나스타워'],
  ['06164', '서울특별시 강남구 영동대로 513', '삼성동', '서울특별시 강남구 삼성동 159', '코엑스'],
  ['06133', '서울특별시 강남구 강남대로 382', '역삼동', '서울특별시 강남구 역삼동 825-22', '메리츠타워'],
  ['06611', '서울특별시 서초구 강남대로 465', '서초동', '서울특별시 서초구 서초동 1303-22', '교보타워'],
  [
    '06620',
    '서울특별시 서초구 서초대로74길 11',
    '서초동',
    '서울특별시 서초구 서초동 1320-10',
    '삼성전자서초사옥',
  ],
  ['05551', '서울특별시 송파구 올림픽로 300', '신천동', '서울특별시 송파구 신천동 29', '롯데월드타워'],
  ['04524', '서울특별시 중구 세종대로 110', '태평로1가', '서울특별시 중구 태평로1가 31', '서울특별시청'],
  ['04520', '서울특별시 중구 세종대로 136', '태평로1가', '서울특별시 중구 태평로1가 84', '서울파이낸스센터'],
  ['04539', '서울특별시 중구 을지로 65', '을지로2가', '서울특별시 중구 을지로2가 11', 'SK T-타워'],
  ['03171', '서울특별시 종로구 세종대로 209', '세종로', '서울특별시 종로구 세종로 77-6', '정부서울청사'],
  ['03154', '서울특별시 종로구 종로 1', '종로1가', '서울특별시 종로구 종로1가 1', '교보생명빌딩'],
  ['03159', '서울특별시 종로구 종로 33', '청진동', '서울특별시 종로구 청진동 70', '그랑서울'],
  ['07326', '서울특별시 영등포구 국제금융로 10', '여의도동', '서울특별시 영등포구 여의도동 23', 'Three IFC'],
  ['07335', '서울특별시 영등포구 여의대로 108', '여의도동', '서울특별시 영등포구 여의도동 22', '파크원타워1'],
  ['07320', '서울특별시 영등포구 여의대로 128', '여의도동', '서울특별시 영등포구 여의도동 20', 'LG트윈타워'],
  ['04386', '서울특별시 용산구 한강대로 100', '한강로2가', '서울특별시 용산구 한강로2가 181', '아모레퍼시픽'],
  ['03925', '서울특별시 마포구 월드컵북로 396', '상암동', '서울특별시 마포구 상암동 1605', '누리꿈스퀘어'],
  [
    '04769',
    '서울특별시 성동구 왕십리로 83-21',
    '성수동1가',
    '서울특별시 성동구 성수동1가 685-696',
    '디타워서울포레스트',
  ],
  ['13494', '경기도 성남시 분당구 판교역로 235', '삼평동', '경기도 성남시 분당구 삼평동 681', '에이치스퀘어'],
  [
    '13529',
    '경기도 성남시 분당구 판교역로 166',
    '백현동',
    '경기도 성남시 분당구 백현동 532',
    '카카오판교아지트',
  ],
  ['13561', '경기도 성남시 분당구 정자일로 95', '정자동', '경기도 성남시 분당구 정자동 178-4', '네이버1784'],
  [
    '13561',
    '경기도 성남시 분당구 불정로 6',
    '정자동',
    '경기도 성남시 분당구 정자동 178-1',
    '네이버그린팩토리',
  ],
  ['16677', '경기도 수원시 영통구 삼성로 129', '매탄동', '경기도 수원시 영통구 매탄동 416', '삼성디지털시티'],
  ['13809', '경기도 과천시 관문로 47', '중앙동', '경기도 과천시 중앙동 1', '정부과천청사'],
  [
    '10390',
    '경기도 고양시 일산서구 킨텍스로 217-60',
    '대화동',
    '경기도 고양시 일산서구 대화동 2600',
    '킨텍스',
  ],
];

export const LOCAL_ADDRESSES: readonly PostcodeAddress[] = ROWS.map(
  ([zipcode, road, extra, jibun, building]) => ({
    zipcode,
    road_address: `${road} (${extra}, ${building})`,
    jibun_address: jibun,
    building_name: building,
  }),
);

const squash = (s: string) => s.replace(/\s+/g, '').toLowerCase();
const HAYSTACKS = LOCAL_ADDRESSES.map((a) =>
  squash(`${a.road_address}|${a.jibun_address}|${a.building_name}`),
);

export class LocalPostcodeProvider implements PostcodeProvider {
  readonly name = 'local';

  async search(keyword: string, page: number, size: number): Promise<PostcodePage> {
    const words = keyword.split(' ').map(squash).filter(Boolean);
    const hits = LOCAL_ADDRESSES.filter((_, i) => words.every((w) => HAYSTACKS[i]?.includes(w)));
    return { total: hits.length, results: hits.slice((page - 1) * size, page * size) };
  }
}
