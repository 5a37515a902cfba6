import type { TFaqFactory } from './faq-content';
import { raiseTicketPath } from '@/lib/raise-ticket-link';
import { describeSupportHours } from './support-hours';

/** portal.md §2 "FAQ": the stated facts, the business hours the company's own, in Korean. */
export const createFaq: TFaqFactory = ({ brand }) => {
  const hours = describeSupportHours(brand, 'ko');
  return [
    {
      id: 'general',
      title: '일반',
      items: [
        {
          id: 'login',
          question: '어떻게 로그인하나요?',
          answer: [
            '가입할 때 사용한 이메일 주소와 비밀번호로 로그인합니다. Google 계정이나 휴대폰 번호로는 로그인할 수 없습니다. 비밀번호를 입력하면 본인 확인을 위해 일회용 코드를 이메일로 보내 드립니다.',
          ],
        },
        {
          id: 'forgot-password',
          question: '비밀번호를 잊어버렸어요. 어떻게 하나요?',
          answer: [
            '',
            { text: '비밀번호 찾기', to: '/forgetpassword' },
            ' 페이지(로그인 양식에도 링크가 있습니다)에서 이메일 주소를 입력하시면 새 비밀번호를 정할 수 있는 링크를 보내 드립니다.',
          ],
        },
        {
          id: 'referral',
          question: '추천 보너스가 있나요?',
          answer: [
            '추천 보너스는 곧 제공될 예정입니다. 준비되는 대로 뉴스와 뉴스레터로 알려 드리겠습니다.',
          ],
        },
        {
          id: 'business-hours',
          question: '담당 팀과는 언제 연락할 수 있나요?',
          answer: [
            `업무 시간은 ${hours.timeZoneName} 기준 ${hours.days}, ${hours.opensAt}~${hours.closesAt}입니다. 업무 시간 외에 보내신 메시지는 다음 영업일에 답변해 드립니다.`,
          ],
        },
      ],
    },
    {
      id: 'products',
      title: '제품',
      items: [
        {
          id: 'refund',
          question: '가상 머신을 환불받을 수 있나요?',
          answer: [
            '아니요. 가상 머신 구매는 환불되지 않으며, 머신을 취소하거나 반납해도 환불되지 않습니다. 결제 전에 구성과 기간을 꼭 확인해 주세요.',
          ],
        },
        {
          id: 'launch',
          question: '가상 머신은 언제 준비되나요?',
          answer: [
            '가상 머신은 구매 후 자동으로 시작됩니다. 따로 하실 일은 없으며, 프로필의 가상 머신 탭에서 확인할 수 있습니다.',
          ],
        },
        {
          id: 'renewal',
          question: '갱신한 가상 머신은 언제 다시 사용할 수 있나요?',
          answer: ['갱신한 가상 머신은 결제가 확인되는 즉시 활성화됩니다.'],
        },
        {
          id: 'customise',
          question: '구매한 뒤에 가상 머신을 변경할 수 있나요?',
          answer: ['네. 대시보드에서 CPU, 메모리, 디스크 등 가상 머신 구성을 변경할 수 있습니다.'],
        },
        {
          id: 'ssl-renewal',
          question: 'SSL 인증서는 어떻게 갱신하나요?',
          answer: [
            '',
            { text: '마켓플레이스', to: '/marketplace' },
            '에서 애드온(Addons)을 열고 Get SSL을 선택한 다음 갱신(Renew)을 누르세요.',
          ],
        },
        {
          id: 'expiry-reminder',
          question: '서비스가 만료되기 전에 알려 주나요?',
          answer: [
            '네. 가상 머신과 다른 서비스가 만료되기 전에 만료 알림을 보내 드리므로 제때 갱신하실 수 있습니다.',
          ],
        },
        {
          id: 'failed-payment',
          question: '결제가 실패했는데 돈이 빠져나갔어요. 언제 돌려받나요?',
          answer: ['실패한 결제 금액은 은행에 따라 영업일 기준 5~7일 안에 환불됩니다.'],
        },
      ],
    },
    {
      id: 'profile',
      title: '프로필',
      items: [
        {
          id: 'change-contact',
          question: '이메일 주소나 휴대폰 번호를 나중에 바꿀 수 있나요?',
          answer: ['네. 이메일 주소와 휴대폰 번호는 나중에 프로필에서 변경할 수 있습니다.'],
        },
        {
          id: 'profile-picture',
          question: '프로필 사진은 어떻게 바꾸나요?',
          answer: ['프로필을 열고 프로필 섹션에서 사진을 변경하세요.'],
        },
      ],
    },
    {
      id: 'contact',
      title: '문의',
      items: [
        {
          id: 'track-ticket',
          question: '지원 티켓 진행 상황은 어떻게 확인하나요?',
          answer: [
            '티켓은 ',
            { text: '프로필의 문의 탭', to: '/customerprofile/1' },
            '에 나열됩니다. 각 티켓의 상태는 티켓 막대의 오른쪽에 표시되며, 보기를 누르면 전체 대화를 보고 답장할 수 있습니다.',
          ],
        },
        {
          id: 'live-support',
          question: '실시간 채팅 같은 실시간 지원이 있나요?',
          answer: [
            '실시간 지원은 아직 제공되지 않습니다. 프로필에서 ',
            { text: '티켓을 등록', to: raiseTicketPath() },
            '하시거나 ',
            { text: '문의를 남겨 주시면', to: '/help' },
            ' 최대한 빨리 답변해 드리겠습니다.',
          ],
        },
        {
          id: 'reach-us',
          question: '다른 연락 방법도 있나요?',
          answer: [
            '전화번호, 이메일 주소, 사무실 주소는 ',
            { text: '문의하기', to: '/help' },
            ' 페이지에 문의 양식과 함께 안내되어 있습니다.',
          ],
        },
      ],
    },
  ];
};
