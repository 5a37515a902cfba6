import { citeLaw, getLegalFacts, type TLawTopic } from '../../../lib/legal-facts';
import { LEGAL_TEXTS_UPDATED_ON, type TLegalDocumentFactory } from './legal-document';

/**
 * 기본 개인정보처리방침. 회사 소재국의 개인정보 보호 법률(남아프리카공화국 POPIA, 케냐 데이터
 * 보호법 2019)을 이름으로 밝히고, 알려진 조항을 인용합니다(lib/legal-facts.ts).
 */
export const createPrivacyPolicy: TLegalDocumentFactory = ({
  companyName,
  email,
  phone,
  address,
  website,
  brand,
}) => {
  const { country, law } = getLegalFacts(brand, 'ko');
  const cite = (topic: TLawTopic) => citeLaw(law, topic, 'ko');
  /** "(POPIA 제14조)", 조항이 알려지지 않은 법률이면 빈 문자열. */
  const reference = (topic: TLawTopic) => {
    const citation = cite(topic);
    return citation === null ? '' : `(${citation})`;
  };
  const officerLines = [
    `${companyName} ${law.officerTitle}`,
    email && `이메일: ${email}`,
    phone && `전화: ${phone}`,
    address && `주소: ${address}`,
  ].filter((line): line is string => Boolean(line));

  return {
    title: '개인정보처리방침',
    updatedOn: LEGAL_TEXTS_UPDATED_ON,
    intro: [
      `${companyName}(이하 "회사")는 고객의 개인정보를 존중합니다. 이 방침은 고객이 포털(${website})과 클라우드 서비스를 이용할 때 회사가 어떤 개인정보를 수집하는지, 왜 수집하는지, 어떻게 보호하는지, 고객에게 어떤 권리가 있는지를 설명합니다.`,
      `회사는 ${law.fullName}에 따라 개인정보를 처리합니다. ${law.shortName}에서 말하는 ${law.controllerTerm}는 회사입니다.`,
    ],
    sections: [
      {
        id: 'collect',
        heading: '1. 수집하는 정보',
        paragraphs: ['회사는 서비스를 제공하고 청구하는 데 필요한 정보만 수집합니다.'],
        items: [
          '계정 정보: 이름과 성, 이메일 주소, 휴대폰 번호와 국가 번호, 비밀번호(단방향 해시로만 저장), 선호 언어',
          '청구 정보: 회사명, 부가가치세(VAT) 번호, 도로명 주소, 도시, 주/도, 우편번호, 국가. 카드 및 계좌 정보는 결제 대행사 페이지에서 입력되며, 회사는 카드 번호를 보거나 저장하지 않습니다.',
          '서비스 기록: 주문한 제품, 가상 머신과 그 설정, 청구서, 결제, 지원 티켓',
          '메시지: 문의, 상담, 멤버십 양식으로 보내신 내용(업로드한 로고 포함)과 뉴스레터 구독 정보',
          '기술 정보: 포털 운영과 보호를 위해 보관하는 IP 주소, 브라우저 종류, 요청한 페이지, 보안 로그',
        ],
      },
      {
        id: 'purpose',
        heading: '2. 이용 목적',
        paragraphs: [],
        items: [
          '계정을 만들고 보호하기 위해 (일회용 로그인 코드 발송 포함)',
          '주문한 서비스를 제공, 시작, 갱신하고 지원하기 위해',
          '청구, 결제 처리, 재무 기록 보관을 위해',
          '메시지, 상담, 지원 티켓에 답변하기 위해',
          '만료 알림, 예정된 유지보수 같은 서비스 안내를 보내기 위해',
          '구독하신 경우에만 뉴스레터를 보내기 위해',
          '사기와 남용을 탐지·방지하고 법적 의무를 이행하기 위해',
        ],
      },
      {
        id: 'lawful-basis',
        heading: '3. 처리의 법적 근거',
        paragraphs: [
          `${cite('lawfulBasis') ?? law.shortName}에 따라 회사는 고객과의 계약 체결 또는 이행에 필요한 경우, 법률이 요구하는 경우(예: 세무 기록), 회사 또는 고객의 정당한 이익을 보호하는 경우(예: 서비스 보안 유지), 고객이 동의한 경우(예: 뉴스레터)에 개인정보를 처리합니다. 동의에 근거한 처리는 언제든지 동의를 철회할 수 있으며, 철회 전에 이루어진 처리에는 영향을 주지 않습니다.`,
        ],
      },
      {
        id: 'sharing',
        heading: '4. 정보 공유',
        paragraphs: [
          `회사는 개인정보를 판매하지 않습니다. 비밀유지와 보안을 요구하는 서면 계약에 따라 회사를 위해 정보를 처리하는 ${law.processorTerm}에게만 공유합니다${reference('processors')}. 결제 대행사, 이메일 발송 서비스, 플랫폼을 호스팅하는 데이터센터가 여기에 해당합니다. 또한 규제 기관의 요구나 법원 명령처럼 법률이 요구하는 경우 정보를 제공합니다.`,
        ],
      },
      {
        id: 'cross-border',
        heading: '5. 국외 이전',
        paragraphs: [
          `결제나 이메일 서비스 등 일부 ${law.processorTerm}의 경우 ${country} 밖에서 정보를 처리할 수 있습니다. 회사는 ${cite('crossBorder') ?? law.shortName}에서 허용하는 경우에만 개인정보를 국외로 이전합니다. 즉, 수신자가 ${law.shortName}에 준하는 보호를 제공하는 법률, 구속력 있는 기업 규칙 또는 계약의 적용을 받는 경우, 고객이 동의한 경우, 또는 고객과의 계약 이행에 필요한 경우입니다.`,
        ],
      },
      {
        id: 'retention',
        heading: '6. 보관 기간',
        paragraphs: [
          `법률이 더 오래 보관하도록 요구하거나 허용하지 않는 한, 회사는 위 목적에 필요한 기간 동안만 개인정보를 보관합니다${reference('retention')}. 청구서와 결제 기록은 세법이 요구하는 기간(현재 5년) 동안 보관합니다. 계정 정보는 계정이 유지되는 동안, 메시지와 상담 내용은 처리에 필요한 기간 동안, 보안 로그는 짧은 기간 동안 보관합니다. 그 후에는 정보를 삭제하거나 식별할 수 없게 처리합니다.`,
        ],
      },
      {
        id: 'security',
        heading: '7. 보호 조치',
        paragraphs: [
          `회사는 손실, 훼손, 무단 접근을 막기 위해 적절하고 합리적인 기술적·관리적 조치를 취합니다${reference('security')}. 암호화된 연결(HTTPS), 단방향 해시로 저장되는 비밀번호, 보안 쿠키에 보관되는 세션, 필요한 직원으로 제한된 접근 권한, 시스템 모니터링이 여기에 포함됩니다. 권한 없는 사람이 고객의 개인정보에 접근했다고 판단되면 ${cite('breach') ?? law.shortName}에 따라 고객 및 ${law.regulator}에 알립니다.`,
        ],
      },
      {
        id: 'rights',
        heading: '8. 고객의 권리',
        paragraphs: ['정보 주체인 고객은 다음과 같은 권리가 있습니다.'],
        items: [
          `회사가 고객의 개인정보를 보유하고 있는지 확인하고 그 사본을 요청할 권리${reference('access')}`,
          `부정확하거나, 오래되었거나, 과도하거나, 불법적으로 수집된 정보의 정정 또는 삭제를 요청할 권리${reference('correction')}`,
          '정당한 이익에 근거한 처리에 반대하고, 언제든지 직접 마케팅을 거부할 권리',
          '동의에 근거한 처리에 대해 동의를 철회할 권리',
          `${law.regulator}${law.regulatorUrl ? `(${law.regulatorUrl})` : ''}에 민원을 제기할 권리`,
        ],
        closing: [
          `권리를 행사하려면 아래의 ${law.officerTitle}에게 연락해 주십시오. 먼저 본인 확인을 요청할 수 있으며, 합리적인 기간 안에 답변해 드립니다.`,
        ],
      },
      {
        id: 'cookies',
        heading: '9. 쿠키와 로컬 저장소',
        paragraphs: [
          '포털은 작동에 필요한 것만 사용합니다. 로그인 상태를 유지하는 보안 세션 쿠키와, 언어 설정을 기억하는 브라우저 로컬 저장소입니다. 광고용 쿠키나 제3자 추적 쿠키는 사용하지 않습니다. 이를 차단하면 로그인 등 포털의 일부 기능이 작동하지 않을 수 있습니다.',
        ],
      },
      {
        id: 'marketing',
        heading: '10. 뉴스레터와 직접 마케팅',
        paragraphs: [
          `회사는 구독한 분에게만 뉴스레터를 보냅니다${reference('directMarketing')}. 모든 뉴스레터에는 구독 해지 링크가 있으며, 해지는 즉시 적용됩니다. 고객 계정에 관한 서비스 안내는 마케팅이 아니며 계정이 유지되는 동안 발송됩니다.`,
        ],
      },
      {
        id: 'children',
        heading: '11. 아동',
        paragraphs: [
          '회사의 서비스는 기업과 성인을 위한 것입니다. 회사는 18세 미만 아동의 개인정보를 알면서 수집하지 않습니다.',
        ],
      },
      {
        id: 'officer',
        heading: `12. ${law.officerTitle}`,
        paragraphs: [`개인정보에 관한 문의, 요청, 민원은 ${law.officerTitle}에게 보내 주십시오.`],
        items: officerLines,
      },
      {
        id: 'changes',
        heading: '13. 방침의 변경',
        paragraphs: [
          '서비스나 법률이 바뀌면 이 방침을 수정할 수 있습니다. 상단의 날짜가 최신 버전을 나타내며, 중요한 변경은 이메일이나 포털을 통해 알려 드립니다.',
        ],
      },
    ],
  };
};
