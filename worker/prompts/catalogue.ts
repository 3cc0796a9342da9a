// The prompt library as data, in the product's four languages. Edit prompts here (a deploy ships them); their use
// counts live in D1 (prompt_uses) and make the "most popular" order. Each prompt: its id (stable: the use counts are
// keyed by it), its category, an editorial weight that breaks ties between equally used prompts (higher first), and
// per language [title, one-line description, the text put into the chat input]. {{Blanks}} (protocol/prompt-blanks.ts)
// are asked for in a small form before the text goes into the input, each named in its language's own words, the same
// fields in every language; [brackets] mark what the user writes into the input afterwards (long text: code, a draft).
import type { PromptLanguage } from "../protocol/prompts";

type Localized<T> = Record<PromptLanguage, T>;
type Texts = readonly [title: string, description: string, body: string];

export interface PromptCategory {
  id: string;
  name: Localized<string>;
}

export interface CataloguePrompt {
  id: string;
  category: string;
  weight: number;
  text: Localized<Texts>;
}

export const PROMPT_CATEGORIES: readonly PromptCategory[] = [
  { id: "writing", name: { vi: "Viết lách", en: "Writing", ru: "Тексты", zh: "写作" } },
  { id: "work", name: { vi: "Công việc", en: "Work", ru: "Работа", zh: "工作" } },
  { id: "learning", name: { vi: "Học tập", en: "Learning", ru: "Учёба", zh: "学习" } },
  { id: "coding", name: { vi: "Lập trình", en: "Coding", ru: "Программирование", zh: "编程" } },
  { id: "marketing", name: { vi: "Marketing", en: "Marketing", ru: "Маркетинг", zh: "营销" } },
  { id: "life", name: { vi: "Đời sống", en: "Everyday life", ru: "Жизнь", zh: "生活" } },
];

export const PROMPTS: readonly CataloguePrompt[] = [
  // Writing
  {
    id: "improve-writing",
    category: "writing",
    weight: 10,
    text: {
      vi: [
        "Trau chuốt văn bản",
        "Sửa lỗi và làm câu văn rõ ràng, mạch lạc hơn",
        "Hãy sửa lỗi chính tả, ngữ pháp và viết lại đoạn văn sau cho rõ ràng, mạch lạc hơn nhưng giữ nguyên ý. Liệt kê ngắn gọn những chỗ đã sửa:\n\n[đoạn văn]",
      ],
      en: [
        "Polish my writing",
        "Fix mistakes and make the text clearer",
        "Correct the spelling and grammar of the text below and rewrite it to be clearer and smoother without changing its meaning. Then briefly list what you changed:\n\n[your text]",
      ],
      ru: [
        "Улучшить текст",
        "Исправить ошибки и сделать текст яснее",
        "Исправь орфографию и грамматику в тексте ниже и перепиши его яснее и глаже, не меняя смысла. Затем кратко перечисли, что ты изменил:\n\n[ваш текст]",
      ],
      zh: [
        "润色文字",
        "修正错误，让文字更清晰",
        "请修正下面这段文字的错别字和语法错误，并在不改变原意的前提下改写得更清晰流畅，最后简要列出修改之处：\n\n[你的文字]",
      ],
    },
  },
  {
    id: "summarize-text",
    category: "writing",
    weight: 9,
    text: {
      vi: [
        "Tóm tắt nội dung",
        "Rút gọn một văn bản dài thành các ý chính",
        "Tóm tắt văn bản sau thành 5 ý chính, mỗi ý một câu, và thêm một câu kết luận:\n\n[văn bản]",
      ],
      en: [
        "Summarise a text",
        "Turn a long text into its key points",
        "Summarise the following text in 5 key points, one sentence each, followed by a one-sentence conclusion:\n\n[text]",
      ],
      ru: [
        "Краткое изложение",
        "Свести длинный текст к главным мыслям",
        "Изложи следующий текст в 5 главных пунктах, по одному предложению, и добавь вывод в одно предложение:\n\n[текст]",
      ],
      zh: ["总结内容", "把长文本浓缩为要点", "请将以下文本总结为 5 个要点，每点一句话，最后用一句话总结：\n\n[文本]"],
    },
  },
  {
    id: "formal-email",
    category: "writing",
    weight: 8,
    text: {
      vi: [
        "Viết email trang trọng",
        "Soạn email lịch sự, chuyên nghiệp",
        "Viết một email trang trọng gửi [người nhận] về [chủ đề]. Mục đích: [điều bạn muốn đạt được]. Giọng văn lịch sự, ngắn gọn, có tiêu đề email.",
      ],
      en: [
        "Write a formal email",
        "A polite, professional email",
        "Write a formal email to [recipient] about [subject]. Goal: [what you want to achieve]. Keep it polite and concise, and include a subject line.",
      ],
      ru: [
        "Официальное письмо",
        "Вежливое деловое письмо",
        "Напиши официальное письмо для [получатель] на тему [тема]. Цель: [чего вы хотите добиться]. Вежливо и кратко, с темой письма.",
      ],
      zh: [
        "撰写正式邮件",
        "礼貌而专业的邮件",
        "请给[收件人]写一封关于[主题]的正式邮件。目的：[你想达成的目标]。语气礼貌、简洁，并附上邮件标题。",
      ],
    },
  },
  {
    id: "story-idea",
    category: "writing",
    weight: 6,
    text: {
      vi: [
        "Ý tưởng truyện ngắn",
        "Dàn ý một câu chuyện từ vài gợi ý",
        "Hãy viết dàn ý cho một truyện ngắn thể loại [thể loại] với nhân vật chính là [nhân vật], bối cảnh [bối cảnh]. Gồm mở đầu, cao trào, kết thúc bất ngờ.",
      ],
      en: [
        "Short story idea",
        "Outline a story from a few hints",
        "Outline a short [genre] story whose main character is [character], set in [setting]. Include an opening, a climax and a surprising ending.",
      ],
      ru: [
        "Идея рассказа",
        "План истории по нескольким подсказкам",
        "Составь план короткого рассказа в жанре [жанр], главный герой — [персонаж], место действия — [место]. Завязка, кульминация и неожиданная развязка.",
      ],
      zh: [
        "短篇故事构思",
        "根据几个提示写故事大纲",
        "请为一篇[类型]短篇故事写大纲，主角是[人物]，背景是[背景]。包括开头、高潮和出人意料的结局。",
      ],
    },
  },
  // Work
  {
    id: "meeting-notes",
    category: "work",
    weight: 9,
    text: {
      vi: [
        "Biên bản cuộc họp",
        "Sắp xếp ghi chú họp thành biên bản",
        "Từ ghi chú cuộc họp dưới đây, hãy viết biên bản gồm: mục tiêu, các quyết định, việc cần làm (người phụ trách, hạn chót) và vấn đề còn mở:\n\n[ghi chú]",
      ],
      en: [
        "Meeting minutes",
        "Turn rough notes into minutes",
        "From the meeting notes below, write minutes with: goals, decisions, action items (owner, due date) and open questions:\n\n[notes]",
      ],
      ru: [
        "Протокол встречи",
        "Превратить заметки в протокол",
        "По заметкам со встречи ниже составь протокол: цели, решения, задачи (ответственный, срок) и открытые вопросы:\n\n[заметки]",
      ],
      zh: [
        "会议纪要",
        "把零散笔记整理成纪要",
        "根据下面的会议笔记写一份纪要，包括：目标、决定、待办事项（负责人、截止日期）和未决问题：\n\n[笔记]",
      ],
    },
  },
  {
    id: "plan-project",
    category: "work",
    weight: 7,
    text: {
      vi: [
        "Lập kế hoạch dự án",
        "Chia dự án thành các giai đoạn và mốc",
        "Lập kế hoạch cho dự án [tên dự án] trong [thời gian]. Chia thành các giai đoạn, mốc quan trọng, rủi ro chính và cách giảm thiểu. Trình bày dạng bảng.",
      ],
      en: [
        "Plan a project",
        "Phases, milestones and risks",
        "Plan the project [project name] over [time frame]. Break it into phases and milestones, list the main risks and how to reduce them. Present it as a table.",
      ],
      ru: [
        "План проекта",
        "Этапы, вехи и риски",
        "Составь план проекта [название] на [срок]. Разбей на этапы и вехи, перечисли главные риски и способы их снизить. Оформи в виде таблицы.",
      ],
      zh: [
        "制定项目计划",
        "阶段、里程碑与风险",
        "请为项目[项目名称]制定一个为期[时间]的计划，分为若干阶段和里程碑，列出主要风险及应对方法，用表格呈现。",
      ],
    },
  },
  {
    id: "cv-review",
    category: "work",
    weight: 8,
    text: {
      vi: [
        "Góp ý CV",
        "Nhận xét và cải thiện hồ sơ xin việc",
        "Tôi ứng tuyển vị trí [vị trí]. Hãy nhận xét CV dưới đây: điểm mạnh, điểm yếu, và viết lại phần kinh nghiệm cho ấn tượng hơn:\n\n[CV của bạn]",
      ],
      en: [
        "Review my CV",
        "Feedback to strengthen a résumé",
        "I am applying for [position]. Review the CV below: strengths, weaknesses, and rewrite the experience section to be more compelling:\n\n[your CV]",
      ],
      ru: [
        "Разбор резюме",
        "Советы, как усилить резюме",
        "Я претендую на должность [должность]. Оцени резюме ниже: сильные и слабые стороны, и перепиши раздел об опыте убедительнее:\n\n[ваше резюме]",
      ],
      zh: [
        "简历点评",
        "让简历更有竞争力",
        "我正在应聘[职位]。请点评下面的简历：优点、不足，并把工作经历部分改写得更有说服力：\n\n[你的简历]",
      ],
    },
  },
  {
    id: "interview-prep",
    category: "work",
    weight: 6,
    text: {
      vi: [
        "Luyện phỏng vấn",
        "Câu hỏi phỏng vấn thường gặp và gợi ý trả lời",
        "Đóng vai nhà tuyển dụng cho vị trí [vị trí]. Hỏi tôi từng câu một (tổng 5 câu), sau mỗi câu trả lời hãy nhận xét và gợi ý cách trả lời tốt hơn.",
      ],
      en: [
        "Interview practice",
        "Mock interview with feedback",
        "Act as an interviewer for the [position] role. Ask me one question at a time (5 in total), and after each answer give feedback and a better way to answer.",
      ],
      ru: [
        "Тренировка собеседования",
        "Пробное интервью с разбором",
        "Сыграй роль интервьюера на позицию [должность]. Задавай по одному вопросу (всего 5), после каждого ответа дай отзыв и подскажи, как ответить лучше.",
      ],
      zh: [
        "模拟面试",
        "带点评的模拟面试",
        "请扮演[职位]岗位的面试官，每次问我一个问题（共 5 个），每次回答后给出点评并建议更好的回答方式。",
      ],
    },
  },
  // Learning
  {
    id: "explain-simply",
    category: "learning",
    weight: 10,
    text: {
      vi: [
        "Giải thích dễ hiểu",
        "Giải thích khái niệm khó như cho người mới",
        "Giải thích [khái niệm] thật dễ hiểu như cho người mới bắt đầu: dùng ví dụ đời thường, một phép so sánh, và kết thúc bằng 3 câu hỏi để tôi tự kiểm tra.",
      ],
      en: [
        "Explain it simply",
        "A hard concept, for a beginner",
        "Explain [concept] simply, as to a beginner: use an everyday example and an analogy, and finish with 3 questions so I can check my understanding.",
      ],
      ru: [
        "Объясни просто",
        "Сложное понятие для новичка",
        "Объясни [понятие] просто, как новичку: приведи бытовой пример и аналогию, а в конце задай 3 вопроса для самопроверки.",
      ],
      zh: [
        "通俗解释",
        "像给初学者一样解释难懂的概念",
        "请像给初学者讲解一样通俗地解释[概念]：用一个日常例子和一个类比，最后出 3 道题让我自测。",
      ],
    },
  },
  {
    id: "study-plan",
    category: "learning",
    weight: 7,
    text: {
      vi: [
        "Lộ trình tự học",
        "Kế hoạch học từng tuần",
        "Tôi muốn học [chủ đề] trong [số tuần] tuần, mỗi ngày [số giờ] giờ. Lập lộ trình theo tuần với mục tiêu, tài liệu gợi ý và bài tập thực hành.",
      ],
      en: [
        "Self-study plan",
        "A week-by-week learning plan",
        "I want to learn [topic] in [number] weeks, [hours] hours a day. Make a week-by-week plan with goals, suggested resources and practice exercises.",
      ],
      ru: [
        "План самообучения",
        "План обучения по неделям",
        "Я хочу изучить [тема] за [число] недель, по [часы] часа в день. Составь план по неделям: цели, рекомендуемые материалы и практические задания.",
      ],
      zh: [
        "自学计划",
        "按周安排的学习计划",
        "我想在[周数]周内学会[主题]，每天[小时]小时。请制定按周划分的计划，包括目标、推荐资料和练习。",
      ],
    },
  },
  {
    id: "english-practice",
    category: "learning",
    weight: 8,
    text: {
      vi: [
        "Luyện tiếng Anh",
        "Sửa câu tiếng Anh và giải thích lỗi",
        "Hãy sửa các câu tiếng Anh sau, giải thích từng lỗi bằng tiếng Việt và gợi ý cách nói tự nhiên hơn:\n\n[câu tiếng Anh]",
      ],
      en: [
        "Practise English",
        "Correct English sentences and explain",
        "Correct the following English sentences, explain each mistake simply and suggest a more natural way to say it:\n\n[your sentences]",
      ],
      ru: [
        "Практика английского",
        "Исправить английские фразы с объяснением",
        "Исправь следующие английские предложения, объясни каждую ошибку по-русски и предложи, как сказать естественнее:\n\n[предложения]",
      ],
      zh: [
        "英语练习",
        "修改英文句子并解释错误",
        "请修改下面的英文句子，用中文解释每处错误，并给出更地道的说法：\n\n[英文句子]",
      ],
    },
  },
  {
    id: "quiz-me",
    category: "learning",
    weight: 5,
    text: {
      vi: [
        "Tạo câu hỏi ôn tập",
        "Trắc nghiệm để ôn bài",
        "Tạo 10 câu hỏi trắc nghiệm (4 đáp án) về [chủ đề] ở mức [dễ/trung bình/khó]. Đưa đáp án và giải thích ngắn ở cuối.",
      ],
      en: [
        "Quiz me",
        "Multiple-choice questions for revision",
        "Create 10 multiple-choice questions (4 options each) about [topic] at [easy/medium/hard] level. Put the answers with short explanations at the end.",
      ],
      ru: [
        "Проверь меня",
        "Тест для повторения",
        "Составь 10 вопросов с 4 вариантами ответа по теме [тема], уровень [лёгкий/средний/сложный]. Ответы с краткими пояснениями — в конце.",
      ],
      zh: [
        "出题测验",
        "用选择题复习",
        "请出 10 道关于[主题]的选择题（每题 4 个选项），难度[简单/中等/困难]。答案和简短解析放在最后。",
      ],
    },
  },
  // Coding
  {
    id: "explain-code",
    category: "coding",
    weight: 9,
    text: {
      vi: [
        "Giải thích đoạn code",
        "Đoạn code này làm gì, từng bước",
        "Giải thích đoạn code sau làm gì, từng bước một, và chỉ ra lỗi tiềm ẩn hoặc chỗ có thể cải thiện:\n\n```\n[code]\n```",
      ],
      en: [
        "Explain this code",
        "What the code does, step by step",
        "Explain what the following code does, step by step, and point out possible bugs or improvements:\n\n```\n[code]\n```",
      ],
      ru: [
        "Объясни код",
        "Что делает код, шаг за шагом",
        "Объясни, что делает следующий код, шаг за шагом, и укажи возможные ошибки или улучшения:\n\n```\n[код]\n```",
      ],
      zh: [
        "解释代码",
        "逐步说明代码的作用",
        "请逐步解释下面的代码做了什么，并指出可能的错误或可改进之处：\n\n```\n[代码]\n```",
      ],
    },
  },
  {
    id: "debug-error",
    category: "coding",
    weight: 8,
    text: {
      vi: [
        "Tìm lỗi",
        "Tìm nguyên nhân lỗi và cách sửa",
        "Tôi gặp lỗi sau khi chạy code [ngôn ngữ]. Hãy tìm nguyên nhân và đưa ra cách sửa.\n\nLỗi:\n[thông báo lỗi]\n\nCode:\n```\n[code]\n```",
      ],
      en: [
        "Debug an error",
        "Find the cause and the fix",
        "I get the error below when running my [language] code. Find the cause and suggest a fix.\n\nError:\n[error message]\n\nCode:\n```\n[code]\n```",
      ],
      ru: [
        "Найти ошибку",
        "Причина ошибки и исправление",
        "При запуске кода на [язык] появляется ошибка ниже. Найди причину и предложи исправление.\n\nОшибка:\n[сообщение об ошибке]\n\nКод:\n```\n[код]\n```",
      ],
      zh: [
        "排查错误",
        "找到原因和修复方法",
        "我运行[编程语言]代码时出现下面的错误，请找出原因并给出修复方法。\n\n错误：\n[错误信息]\n\n代码：\n```\n[代码]\n```",
      ],
    },
  },
  {
    id: "write-tests",
    category: "coding",
    weight: 6,
    text: {
      vi: [
        "Viết unit test",
        "Các ca kiểm thử cho một hàm",
        "Viết unit test bằng [framework] cho hàm sau, bao gồm trường hợp bình thường, biên và lỗi:\n\n```\n[code]\n```",
      ],
      en: [
        "Write unit tests",
        "Test cases for a function",
        "Write unit tests with [framework] for the function below, covering normal, edge and error cases:\n\n```\n[code]\n```",
      ],
      ru: [
        "Написать юнит-тесты",
        "Тесты для функции",
        "Напиши юнит-тесты на [фреймворк] для функции ниже: обычные, граничные и ошибочные случаи:\n\n```\n[код]\n```",
      ],
      zh: [
        "编写单元测试",
        "为函数编写测试用例",
        "请用[测试框架]为下面的函数编写单元测试，覆盖正常、边界和异常情况：\n\n```\n[代码]\n```",
      ],
    },
  },
  {
    id: "sql-query",
    category: "coding",
    weight: 5,
    text: {
      vi: [
        "Viết câu lệnh SQL",
        "Từ mô tả bằng lời ra câu SQL",
        "Với các bảng sau: [mô tả bảng và cột]. Hãy viết câu lệnh SQL để [yêu cầu], giải thích từng phần của câu lệnh.",
      ],
      en: [
        "Write an SQL query",
        "From plain words to SQL",
        "Given these tables: [tables and columns]. Write an SQL query that [what you need], and explain each part of it.",
      ],
      ru: [
        "SQL-запрос",
        "Из описания словами в SQL",
        "Есть таблицы: [таблицы и столбцы]. Напиши SQL-запрос, который [что нужно], и объясни каждую его часть.",
      ],
      zh: [
        "编写 SQL 查询",
        "把需求描述变成 SQL",
        "已知以下数据表：[表和字段]。请写一条 SQL 查询来[你的需求]，并解释每一部分。",
      ],
    },
  },
  // Marketing
  {
    id: "social-post",
    category: "marketing",
    weight: 9,
    text: {
      vi: [
        "Bài đăng mạng xã hội",
        "Nội dung hấp dẫn cho Facebook, Instagram",
        "Viết 3 phiên bản bài đăng [nền tảng] giới thiệu [sản phẩm/dịch vụ] cho [khách hàng mục tiêu]. Có câu mở đầu thu hút, lời kêu gọi hành động và hashtag phù hợp.",
      ],
      en: [
        "Social media post",
        "Engaging posts for Facebook, Instagram",
        "Write 3 versions of a [platform] post introducing [product/service] to [target audience], each with a catchy hook, a call to action and fitting hashtags.",
      ],
      ru: [
        "Пост для соцсетей",
        "Цепляющие посты для соцсетей",
        "Напиши 3 варианта поста для [платформа] о [продукт/услуга] для [целевая аудитория]: цепляющее начало, призыв к действию и подходящие хэштеги.",
      ],
      zh: [
        "社交媒体文案",
        "吸引人的社交平台帖子",
        "请为[平台]写 3 个版本的帖子，向[目标客户]介绍[产品/服务]，每个都要有吸引人的开头、行动号召和合适的话题标签。",
      ],
    },
  },
  {
    id: "product-description",
    category: "marketing",
    weight: 7,
    text: {
      vi: [
        "Mô tả sản phẩm",
        "Mô tả bán hàng thuyết phục",
        "Viết mô tả sản phẩm cho [sản phẩm] để bán trên [kênh bán]. Đặc điểm: [đặc điểm]. Nêu lợi ích cho khách hàng, dài khoảng 150 chữ, kèm 5 gạch đầu dòng nổi bật.",
      ],
      en: [
        "Product description",
        "A persuasive sales description",
        "Write a product description for [product] to sell on [channel]. Features: [features]. Focus on the buyer's benefits, about 150 words, plus 5 highlight bullets.",
      ],
      ru: [
        "Описание товара",
        "Убедительное продающее описание",
        "Напиши описание товара [товар] для продажи на [площадка]. Характеристики: [характеристики]. Сделай упор на выгоды покупателя, около 150 слов, плюс 5 ключевых пунктов.",
      ],
      zh: [
        "产品描述",
        "有说服力的销售文案",
        "请为在[销售渠道]销售的[产品]写一段产品描述。特点：[特点]。突出对顾客的好处，约 150 字，并附 5 条亮点。",
      ],
    },
  },
  {
    id: "seo-outline",
    category: "marketing",
    weight: 5,
    text: {
      vi: [
        "Dàn ý bài viết SEO",
        "Cấu trúc bài blog theo từ khoá",
        "Lập dàn ý bài blog chuẩn SEO cho từ khoá [từ khoá]: tiêu đề, meta description, các thẻ H2/H3 và câu hỏi thường gặp.",
      ],
      en: [
        "SEO article outline",
        "A blog structure around a keyword",
        "Create an SEO-friendly blog outline for the keyword [keyword]: title, meta description, H2/H3 headings and an FAQ section.",
      ],
      ru: [
        "План SEO-статьи",
        "Структура статьи под ключевое слово",
        "Составь SEO-план статьи для блога по ключевому слову [ключевое слово]: заголовок, meta description, подзаголовки H2/H3 и раздел FAQ.",
      ],
      zh: [
        "SEO 文章大纲",
        "围绕关键词的博客结构",
        "请为关键词[关键词]写一份利于 SEO 的博客大纲：标题、meta 描述、H2/H3 小标题和常见问题部分。",
      ],
    },
  },
  {
    id: "brand-names",
    category: "marketing",
    weight: 4,
    text: {
      vi: [
        "Đặt tên thương hiệu",
        "Gợi ý tên và slogan",
        "Gợi ý 10 tên thương hiệu cho [lĩnh vực kinh doanh], phong cách [phong cách], kèm slogan ngắn và lý do chọn tên.",
      ],
      en: [
        "Brand name ideas",
        "Names and slogans",
        "Suggest 10 brand names for a [business type] with a [style] feel, each with a short slogan and why it works.",
      ],
      ru: [
        "Название бренда",
        "Названия и слоганы",
        "Предложи 10 названий бренда для [вид бизнеса] в стиле [стиль], к каждому — короткий слоган и почему оно подходит.",
      ],
      zh: [
        "品牌起名",
        "名称和口号建议",
        "请为[业务类型]推荐 10 个[风格]风格的品牌名称，每个附一句简短口号和取名理由。",
      ],
    },
  },
  // Everyday life
  {
    id: "meal-plan",
    category: "life",
    weight: 7,
    text: {
      vi: [
        "Thực đơn cả tuần",
        "Bữa ăn lành mạnh, dễ nấu",
        "Lên thực đơn 7 ngày cho [số người] người, ngân sách [số tiền], ưu tiên món [sở thích]. Kèm danh sách đi chợ theo nhóm thực phẩm.",
      ],
      en: [
        "Weekly meal plan",
        "Healthy meals that are easy to cook",
        "Make a 7-day meal plan for [number] people on a [budget] budget, favouring [preferences]. Add a shopping list grouped by food type.",
      ],
      ru: [
        "Меню на неделю",
        "Полезные и простые блюда",
        "Составь меню на 7 дней для [число] человек с бюджетом [сумма], с упором на [предпочтения]. Добавь список покупок по группам продуктов.",
      ],
      zh: [
        "一周食谱",
        "健康又好做的饭菜",
        "请为[人数]人制定 7 天食谱，预算[金额]，偏好[口味]。附上按食材分类的购物清单。",
      ],
    },
  },
  {
    id: "travel-itinerary",
    category: "life",
    weight: 8,
    text: {
      vi: [
        "Lịch trình du lịch",
        "Kế hoạch chuyến đi theo từng ngày",
        "Lập lịch trình [số ngày] ngày ở [địa điểm] cho [số người] người, ngân sách [số tiền]. Gồm điểm tham quan, món ăn nên thử, di chuyển và chi phí ước tính mỗi ngày.",
      ],
      en: [
        "Travel itinerary",
        "A day-by-day trip plan",
        "Plan a [number]-day trip to [destination] for [people] people with a [budget] budget: sights, food to try, getting around and estimated costs per day.",
      ],
      ru: [
        "Маршрут поездки",
        "План путешествия по дням",
        "Составь маршрут на [число] дней в [место] для [число] человек с бюджетом [сумма]: достопримечательности, что попробовать, транспорт и примерные расходы по дням.",
      ],
      zh: [
        "旅行行程",
        "按天安排的旅行计划",
        "请为[人数]人规划一次[天数]天的[目的地]之旅，预算[金额]：每天的景点、推荐美食、交通方式和预计花费。",
      ],
    },
  },
  {
    id: "budget-plan",
    category: "life",
    weight: 6,
    text: {
      vi: [
        "Quản lý chi tiêu",
        "Lập ngân sách tháng",
        "Thu nhập hàng tháng của tôi là [số tiền], các khoản chi cố định: [liệt kê]. Hãy lập ngân sách theo quy tắc 50/30/20 và gợi ý cách tiết kiệm.",
      ],
      en: [
        "Monthly budget",
        "Plan spending and saving",
        "My monthly income is [amount] and my fixed costs are [list]. Build a budget using the 50/30/20 rule and suggest ways to save.",
      ],
      ru: [
        "Бюджет на месяц",
        "Планирование расходов и накоплений",
        "Мой ежемесячный доход — [сумма], постоянные расходы: [список]. Составь бюджет по правилу 50/30/20 и подскажи, как экономить.",
      ],
      zh: [
        "每月预算",
        "规划支出与储蓄",
        "我的月收入是[金额]，固定支出有：[列表]。请按 50/30/20 法则制定预算，并给出省钱建议。",
      ],
    },
  },
  {
    id: "gift-ideas",
    category: "life",
    weight: 4,
    text: {
      vi: [
        "Gợi ý quà tặng",
        "Ý tưởng quà theo người nhận",
        "Gợi ý 10 món quà cho [người nhận] nhân dịp [dịp], sở thích: [sở thích], ngân sách khoảng [số tiền]. Giải thích ngắn vì sao phù hợp.",
      ],
      en: [
        "Gift ideas",
        "Presents that fit the person",
        "Suggest 10 gift ideas for [recipient] for [occasion]. Interests: [interests]; budget about [amount]. Say briefly why each fits.",
      ],
      ru: [
        "Идеи подарков",
        "Подарки под человека",
        "Предложи 10 идей подарка для [кому] по случаю [повод]. Увлечения: [увлечения], бюджет около [сумма]. Кратко объясни, почему каждый подходит.",
      ],
      zh: [
        "礼物推荐",
        "适合对方的礼物点子",
        "请为[送礼对象]推荐 10 个[场合]礼物，对方爱好：[爱好]，预算约[金额]，并简要说明为什么合适。",
      ],
    },
  },
  {
    id: "translate-natural",
    category: "writing",
    weight: 7,
    text: {
      vi: [
        "Dịch tự nhiên",
        "Dịch văn bản giữ giọng điệu",
        "Dịch đoạn văn sau sang [ngôn ngữ] sao cho tự nhiên như người bản xứ, giữ nguyên giọng điệu. Ghi chú những cụm từ khó dịch:\n\n[văn bản]",
      ],
      en: [
        "Natural translation",
        "Translate while keeping the tone",
        "Translate the text below into [language] so it reads naturally to a native speaker, keeping its tone. Note any phrases that were hard to translate:\n\n[text]",
      ],
      ru: [
        "Естественный перевод",
        "Перевод с сохранением тона",
        "Переведи текст ниже на [язык] так, чтобы он звучал естественно для носителя, сохранив тон. Отметь фразы, которые было трудно перевести:\n\n[текст]",
      ],
      zh: [
        "地道翻译",
        "保留语气的翻译",
        "请把下面的文字翻译成[语言]，读起来要像母语者写的，并保留原有语气。注明难以翻译的词句：\n\n[文本]",
      ],
    },
  },
  {
    id: "decision-helper",
    category: "life",
    weight: 3,
    text: {
      vi: [
        "Hỗ trợ ra quyết định",
        "Cân nhắc ưu nhược điểm các lựa chọn",
        "Tôi đang phân vân giữa [lựa chọn A] và [lựa chọn B]. Hoàn cảnh: [hoàn cảnh]. Hãy so sánh ưu nhược điểm, đặt câu hỏi giúp tôi suy nghĩ và đưa ra gợi ý.",
      ],
      en: [
        "Help me decide",
        "Weigh the pros and cons",
        "I can't decide between [option A] and [option B]. Context: [context]. Compare the pros and cons, ask me questions that help me think, and give a recommendation.",
      ],
      ru: [
        "Помоги решить",
        "Взвесить плюсы и минусы",
        "Я выбираю между [вариант А] и [вариант Б]. Обстоятельства: [обстоятельства]. Сравни плюсы и минусы, задай вопросы, которые помогут подумать, и дай рекомендацию.",
      ],
      zh: [
        "帮我做决定",
        "权衡利弊",
        "我在[选项A]和[选项B]之间犹豫。情况：[背景]。请比较利弊，提出帮助我思考的问题，并给出建议。",
      ],
    },
  },
  // Prompts with blanks: a short form asks for each {{field}} before the text goes into the input.
  {
    id: "quick-email",
    category: "work",
    weight: 7,
    text: {
      vi: [
        "Email trong một phút",
        "Điền người nhận và nội dung, có ngay email",
        "Viết một email ngắn gọn, thân thiện gửi {{người nhận}} về {{chủ đề}}. Ý chính: {{thông điệp chính}}. Kết thúc bằng bước tiếp theo rõ ràng.",
      ],
      en: [
        "Email in a minute",
        "Say who and what, get a ready email",
        "Write a short, friendly email to {{recipient}} about {{topic}}. Main point: {{key message}}. End with a clear next step.",
      ],
      ru: [
        "Письмо за минуту",
        "Укажите кому и о чём — и письмо готово",
        "Напиши короткое дружелюбное письмо для {{получатель}} на тему {{тема}}. Главное: {{основная мысль}}. Закончи понятным следующим шагом.",
      ],
      zh: [
        "一分钟写邮件",
        "填好收件人和主题，马上得到邮件",
        "请给{{收件人}}写一封简短友好的邮件，主题是{{主题}}。要点：{{核心信息}}。结尾给出明确的下一步。",
      ],
    },
  },
  {
    id: "explain-at-level",
    category: "learning",
    weight: 6,
    text: {
      vi: [
        "Giải thích vừa sức tôi",
        "Một chủ đề được giảng giải theo trình độ của bạn",
        "Hãy giải thích {{chủ đề}} cho người ở trình độ {{trình độ}} (mới bắt đầu, học sinh, chuyên gia...). Dùng một ví dụ đời thường và kết thúc bằng ba câu hỏi kiểm tra mức hiểu.",
      ],
      en: [
        "Explain at my level",
        "A topic explained for your level",
        "Explain {{topic}} to someone at {{level}} level (beginner, high school, expert...). Use one everyday example and end with three questions that check understanding.",
      ],
      ru: [
        "Объясни под мой уровень",
        "Тема, объяснённая для вашего уровня",
        "Объясни {{тема}} человеку с уровнем {{уровень}} (новичок, школьник, эксперт...). Приведи один пример из жизни и в конце задай три вопроса на понимание.",
      ],
      zh: [
        "按我的水平讲解",
        "按你的水平讲解一个主题",
        "请向{{水平}}水平的人（初学者、高中生、专家……）讲解{{主题}}。用一个日常例子，最后提三个检验理解的问题。",
      ],
    },
  },
  {
    id: "convert-code",
    category: "coding",
    weight: 5,
    text: {
      vi: [
        "Chuyển đổi mã",
        "Chuyển mã sang ngôn ngữ lập trình khác",
        "Chuyển đoạn mã dưới đây từ {{ngôn ngữ nguồn}} sang {{ngôn ngữ đích}}, giữ nguyên hành vi. Viết theo phong cách quen thuộc của ngôn ngữ đích và giải thích những phần không chuyển thẳng được:\n\n[mã nguồn]",
      ],
      en: [
        "Convert code",
        "Port code to another language",
        "Convert the code below from {{source language}} to {{target language}}, keeping its behaviour. Use the target language's usual style and explain any part that does not carry over directly:\n\n[code]",
      ],
      ru: [
        "Перевести код",
        "Перенести код на другой язык",
        "Перепиши код ниже с {{исходный язык}} на {{целевой язык}}, сохранив поведение. Пиши в привычном стиле целевого языка и объясни части, которые нельзя перенести напрямую:\n\n[код]",
      ],
      zh: [
        "代码转换",
        "把代码移植到另一种语言",
        "请把下面的代码从{{源语言}}转换为{{目标语言}}，保持行为不变。使用目标语言的惯用风格，并解释无法直接转换的部分：\n\n[代码]",
      ],
    },
  },
  {
    id: "event-invitation",
    category: "life",
    weight: 4,
    text: {
      vi: [
        "Tin nhắn mời",
        "Mời bạn bè đến một sự kiện",
        "Viết lời mời thân mật đến {{sự kiện}} vào {{ngày}} tại {{địa điểm}}. Nhờ mọi người trả lời trước {{hạn trả lời}}. Đủ ngắn để gửi qua tin nhắn.",
      ],
      en: [
        "Invitation message",
        "Invite friends to an event",
        "Write a warm invitation to {{event}} on {{date}} at {{place}}. Ask guests to reply by {{reply by}}. Keep it short enough for a chat message.",
      ],
      ru: [
        "Приглашение",
        "Пригласить друзей на событие",
        "Напиши тёплое приглашение на {{событие}}: {{дата}}, место — {{место}}. Попроси ответить до {{ответить до}}. Коротко, чтобы отправить в мессенджере.",
      ],
      zh: [
        "邀请消息",
        "邀请朋友参加活动",
        "请写一条热情的邀请，邀请大家于{{日期}}在{{地点}}参加{{活动}}。请大家在{{回复截止}}前回复。内容简短，适合发在聊天软件里。",
      ],
    },
  },
];
