// The affiliate FAQ as data, in the four languages of the product. Edit the text here; GET /affiliate/faq serves it
// with search and sorting (worker/affiliate/faq.ts). `updated` drives the "recent" sort, `weight` breaks ties in the
// "popular" sort until views accumulate, `related` lists the questions the detail screen suggests.

export const FAQ_LANGUAGES = ["vi", "en", "ru", "zh"] as const;
export type FaqLanguage = (typeof FAQ_LANGUAGES)[number];

type Localized<T> = Record<FaqLanguage, T>;

export interface FaqCategory {
  id: string;
  name: Localized<string>;
}

export interface FaqEntry {
  id: string;
  category: string;
  /** Last edit, YYYY-MM-DD. */
  updated: string;
  weight: number;
  related: string[];
  text: Localized<{ q: string; a: string }>;
}

export const FAQ_CATEGORIES: FaqCategory[] = [
  { id: "getting-started", name: { vi: "Bắt đầu", en: "Getting started", ru: "Начало работы", zh: "入门" } },
  { id: "commissions", name: { vi: "Hoa hồng", en: "Commissions", ru: "Комиссии", zh: "佣金" } },
  {
    id: "tracking",
    name: { vi: "Theo dõi giới thiệu", en: "Referral tracking", ru: "Отслеживание рефералов", zh: "推荐追踪" },
  },
  { id: "payouts", name: { vi: "Thanh toán hoa hồng", en: "Payouts", ru: "Выплаты", zh: "提现" } },
  { id: "rules", name: { vi: "Quy định", en: "Rules", ru: "Правила", zh: "规则" } },
];

export const FAQ_ENTRIES: FaqEntry[] = [
  {
    id: "what-is",
    category: "getting-started",
    updated: "2025-07-01",
    weight: 10,
    related: ["how-join", "how-much"],
    text: {
      vi: {
        q: "Chương trình tiếp thị liên kết là gì?",
        a: "Bạn giới thiệu Mây tới bạn bè bằng liên kết riêng. Khi người được giới thiệu nâng cấp gói trả phí, bạn nhận hoa hồng trên mỗi đơn hàng. Chương trình đang ở giai đoạn beta.",
      },
      en: {
        q: "What is the affiliate programme?",
        a: "You introduce Mây to others with your own link. When someone you referred buys a paid plan, you earn a commission on each of their orders. The programme is in beta.",
      },
      ru: {
        q: "Что такое партнёрская программа?",
        a: "Вы рекомендуете Mây другим по своей ссылке. Когда приглашённый вами человек покупает платный план, вы получаете комиссию с каждого его заказа. Программа находится в бета-версии.",
      },
      zh: {
        q: "什么是联盟推广计划？",
        a: "您通过专属链接向他人推荐 Mây。被推荐的用户购买付费套餐后，您可从其每笔订单中获得佣金。该计划目前处于测试阶段。",
      },
    },
  },
  {
    id: "how-join",
    category: "getting-started",
    updated: "2025-07-01",
    weight: 9,
    related: ["what-is", "where-link"],
    text: {
      vi: {
        q: "Làm thế nào để tham gia?",
        a: "Mở trang Chương trình giới thiệu trong menu hồ sơ và bấm Tham gia. Bạn nhận ngay mã giới thiệu và liên kết riêng. Tham gia miễn phí, tài khoản Free cũng tham gia được.",
      },
      en: {
        q: "How do I join?",
        a: "Open Referral programme in the profile menu and press Join. You get your affiliate code and link at once. Joining is free, and Free accounts can join too.",
      },
      ru: {
        q: "Как присоединиться?",
        a: "Откройте «Реферальная программа» в меню профиля и нажмите «Присоединиться». Вы сразу получите свой код и ссылку. Участие бесплатное, бесплатные аккаунты тоже могут участвовать.",
      },
      zh: {
        q: "如何加入？",
        a: "在个人菜单中打开“推荐计划”并点击“加入”。您将立即获得推荐码和专属链接。加入免费，免费账户也可以加入。",
      },
    },
  },
  {
    id: "where-link",
    category: "getting-started",
    updated: "2025-06-20",
    weight: 7,
    related: ["how-join", "cookie-window"],
    text: {
      vi: {
        q: "Tôi tìm liên kết giới thiệu ở đâu?",
        a: "Liên kết và mã của bạn nằm ở đầu bảng điều khiển tiếp thị liên kết, kèm nút sao chép.",
      },
      en: {
        q: "Where do I find my referral link?",
        a: "Your link and code are at the top of the affiliate dashboard, each with a copy button.",
      },
      ru: {
        q: "Где найти мою реферальную ссылку?",
        a: "Ссылка и код находятся вверху партнёрской панели, рядом с кнопкой копирования.",
      },
      zh: { q: "在哪里找到我的推荐链接？", a: "您的链接和推荐码位于联盟控制面板顶部，旁边有复制按钮。" },
    },
  },
  {
    id: "how-much",
    category: "commissions",
    updated: "2025-07-10",
    weight: 10,
    related: ["which-orders", "when-paid"],
    text: {
      vi: {
        q: "Tôi nhận được bao nhiêu hoa hồng?",
        a: "Bạn nhận một tỷ lệ phần trăm trên số tiền của mỗi đơn hàng đã thanh toán của người được giới thiệu (hiện là 20%). Tỷ lệ áp dụng là tỷ lệ tại thời điểm đơn hàng được thanh toán.",
      },
      en: {
        q: "How much commission do I earn?",
        a: "You earn a percentage of each paid order of the people you referred (currently 20%). The rate that applies is the one in force when the order is paid.",
      },
      ru: {
        q: "Какую комиссию я получаю?",
        a: "Вы получаете процент от каждого оплаченного заказа приглашённых вами людей (сейчас 20%). Применяется ставка, действующая на момент оплаты заказа.",
      },
      zh: {
        q: "我能获得多少佣金？",
        a: "您可获得被推荐用户每笔已付款订单金额的一定比例（目前为 20%）。适用的比例为订单付款时的比例。",
      },
    },
  },
  {
    id: "which-orders",
    category: "commissions",
    updated: "2025-07-10",
    weight: 6,
    related: ["how-much", "self-referral"],
    text: {
      vi: {
        q: "Những đơn hàng nào được tính hoa hồng?",
        a: "Mọi gói Basic và Advanced+, theo tháng hoặc theo năm, mà người được giới thiệu thanh toán, kể cả các lần gia hạn.",
      },
      en: {
        q: "Which orders earn a commission?",
        a: "Every Basic and Advanced+ package, monthly or yearly, that a referred user pays for, renewals included.",
      },
      ru: {
        q: "За какие заказы начисляется комиссия?",
        a: "За каждый оплаченный приглашённым пользователем пакет Basic или Advanced+, помесячный или годовой, включая продления.",
      },
      zh: {
        q: "哪些订单可以获得佣金？",
        a: "被推荐用户支付的每一个 Basic 和 Advanced+ 套餐（按月或按年），包括续费。",
      },
    },
  },
  {
    id: "cookie-window",
    category: "tracking",
    updated: "2025-06-15",
    weight: 8,
    related: ["first-touch", "where-link"],
    text: {
      vi: {
        q: "Liên kết giới thiệu có hiệu lực bao lâu?",
        a: "Sau khi một người bấm vào liên kết của bạn, họ có 30 ngày để đăng ký. Đăng ký trong thời gian đó sẽ được ghi nhận cho bạn.",
      },
      en: {
        q: "How long does a referral last?",
        a: "After someone clicks your link they have 30 days to sign up. A signup within that time is credited to you.",
      },
      ru: {
        q: "Как долго действует реферальная ссылка?",
        a: "После перехода по вашей ссылке у человека есть 30 дней на регистрацию. Регистрация в этот срок засчитывается вам.",
      },
      zh: { q: "推荐的有效期是多久？", a: "用户点击您的链接后有 30 天时间注册。在此期间完成的注册将计入您的名下。" },
    },
  },
  {
    id: "first-touch",
    category: "tracking",
    updated: "2025-06-15",
    weight: 5,
    related: ["cookie-window", "self-referral"],
    text: {
      vi: {
        q: "Nếu người dùng bấm liên kết của nhiều người thì sao?",
        a: "Liên kết được bấm đầu tiên sẽ được ghi nhận (first touch). Các liên kết bấm sau trong 30 ngày không thay đổi người giới thiệu.",
      },
      en: {
        q: "What if someone clicks several affiliates' links?",
        a: "The first link they clicked counts (first touch). Links clicked later within the 30 days do not change the referrer.",
      },
      ru: {
        q: "Что если человек перешёл по ссылкам нескольких партнёров?",
        a: "Засчитывается первая ссылка (first touch). Последующие переходы в течение 30 дней не меняют партнёра.",
      },
      zh: {
        q: "如果用户点击了多个推广者的链接怎么办？",
        a: "以首次点击的链接为准（首次触达）。30 天内之后点击的链接不会更改推荐人。",
      },
    },
  },
  {
    id: "when-paid",
    category: "payouts",
    updated: "2025-07-15",
    weight: 8,
    related: ["how-much", "payout-method"],
    text: {
      vi: {
        q: "Khi nào tôi nhận được tiền hoa hồng?",
        a: "Hoa hồng được ghi nhận ngay khi đơn hàng được thanh toán (trạng thái chờ duyệt), rồi được đối soát và chi trả hằng tháng trong giai đoạn beta.",
      },
      en: {
        q: "When is my commission paid out?",
        a: "A commission is recorded as soon as the order is paid (pending), then reconciled and paid out monthly during the beta.",
      },
      ru: {
        q: "Когда выплачивается комиссия?",
        a: "Комиссия фиксируется сразу после оплаты заказа (в ожидании), затем сверяется и выплачивается ежемесячно в период беты.",
      },
      zh: { q: "佣金何时发放？", a: "订单付款后佣金会立即记录（待审核），测试期间每月对账并发放。" },
    },
  },
  {
    id: "payout-method",
    category: "payouts",
    updated: "2025-07-15",
    weight: 4,
    related: ["when-paid"],
    text: {
      vi: {
        q: "Hoa hồng được chi trả bằng cách nào?",
        a: "Bằng chuyển khoản ngân hàng tới tài khoản bạn cung cấp cho bộ phận hỗ trợ, tính bằng VND.",
      },
      en: { q: "How are commissions paid?", a: "By bank transfer, in VND, to the account you give our support team." },
      ru: {
        q: "Как выплачиваются комиссии?",
        a: "Банковским переводом в VND на счёт, который вы сообщите службе поддержки.",
      },
      zh: { q: "佣金如何支付？", a: "以越南盾通过银行转账支付到您提供给客服团队的账户。" },
    },
  },
  {
    id: "self-referral",
    category: "rules",
    updated: "2025-07-05",
    weight: 6,
    related: ["first-touch", "which-orders"],
    text: {
      vi: {
        q: "Tôi có thể tự giới thiệu chính mình không?",
        a: "Không. Đơn hàng của chính bạn không được tính hoa hồng, và tài khoản tạo ra chỉ để tự giới thiệu có thể bị loại khỏi chương trình.",
      },
      en: {
        q: "Can I refer myself?",
        a: "No. Your own orders never earn a commission, and accounts made only to refer oneself may be removed from the programme.",
      },
      ru: {
        q: "Могу ли я пригласить самого себя?",
        a: "Нет. Ваши собственные заказы не приносят комиссию, а аккаунты, созданные для самоприглашения, могут быть исключены из программы.",
      },
      zh: {
        q: "我可以推荐自己吗？",
        a: "不可以。您自己的订单不会产生佣金，仅为自我推荐而创建的账户可能会被移出计划。",
      },
    },
  },
];
