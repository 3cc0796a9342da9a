// The offline model's answers to questions asking for code, a formula or a diagram: they use a fenced code block in
// the language asked for, typeset math and a Mermaid flowchart, in each of the four languages, and other questions
// keep the generic sample answer.
import { describe, expect, it } from "vitest";
import { composeOfflineAnswer } from "../../../worker/models/offline-model";
import { showcaseKinds } from "../../../worker/models/offline-showcase";

const answerTo = (question: string) =>
  composeOfflineAnswer([{ role: "user", content: [{ type: "text", text: question }] }]).text;

describe("showcaseKinds", () => {
  it.each([
    ["Write a Python function that reverses a string", ["code"]],
    ["Viết hàm Python đảo ngược chuỗi", ["code"]],
    ["Напиши функцию на Python, которая переворачивает строку", ["code"]],
    ["写一个反转字符串的 Python 函数", ["code"]],
    ["What is the formula for the area of a circle?", ["math"]],
    ["Công thức tính diện tích hình tròn là gì?", ["math"]],
    ["Какая формула площади круга?", ["math"]],
    ["圆的面积公式是什么？", ["math"]],
    ["Draw a flowchart of a login", ["diagram"]],
    ["Vẽ sơ đồ quy trình đăng nhập", ["diagram"]],
    ["Нарисуй блок-схему входа в систему", ["diagram"]],
    ["画一个登录的流程图", ["diagram"]],
    ["Show me code, an equation and a diagram", ["code", "math", "diagram"]],
  ])("reads %j as asking for %j", (question, kinds) => {
    expect(showcaseKinds(question)).toEqual(kinds);
  });

  it.each([
    "Explain how artificial intelligence works in simple words",
    "How do I go to Hanoi from Saigon?",
    "How do I remove rust from a bike chain?",
    "Decode this message for me",
    "Can you explain, in simple terms, how a compiler turns source code into a program that runs on my laptop?",
    "Объясните простыми словами, как компилятор превращает исходный код в программу?",
    "How does Python's garbage collector work?",
    "Thời tiết Hà Nội thế nào?",
    "Какая сегодня погода?",
    "今天天气怎么样？",
  ])("asks for nothing in %j", (question) => {
    expect(showcaseKinds(question)).toEqual([]);
  });
});

describe("the offline answer to a question asking for them", () => {
  it("writes a complete code block in the language the question names, Python by default", () => {
    expect(answerTo("Write a Python function to count words")).toMatch(/```python\ndef word_counts\([\s\S]*?\n```/);
    expect(answerTo("Write a function to count words")).toContain("```python\n");
    expect(answerTo("Write it in Rust: a function to count words")).toContain("```rust\n");
    expect(answerTo("Write a golang function")).toContain("```go\n");
    expect(answerTo("Show me a SQL query")).toContain("```sql\n");
  });

  it("writes inline and display math with each delimiter, and no generic sample", () => {
    const text = answerTo("Explain the integral of x squared");
    expect(text).toContain("$y = x^2$");
    expect(text).toContain("\\[ \\int_0^1 x^2\\,dx");
    expect(text).toContain("$$x = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}$$");
    expect(text).not.toContain("| --- | --- |");
  });

  it("writes a Mermaid flowchart with labels in the question's language", () => {
    expect(answerTo("Draw a flowchart please")).toMatch(/```mermaid\nflowchart TD\n[\s\S]*"Offline model"[\s\S]*\n```/);
    expect(answerTo("Vẽ sơ đồ giúp tôi")).toContain('"Mô hình ngoại tuyến"');
    expect(answerTo("Нарисуй диаграмму")).toContain('"Офлайн-модель"');
    expect(answerTo("画一个流程图")).toContain('"离线模型"');
  });

  it("answers in the question's language and still says it is the offline model", () => {
    const text = answerTo("Cho tôi công thức nghiệm của phương trình bậc hai");
    expect(text).toContain("Đây là mô hình ngoại tuyến của Mây.");
    expect(text).toContain("Và hai nghiệm của");
  });

  it("keeps the generic sample for other questions", () => {
    const text = answerTo("Explain rainbows.");
    expect(text).toContain("| --- | --- |");
    expect(text).not.toContain("```mermaid");
  });

  it("gives the same answer to the same question", () => {
    const question = "Write a Python function, a formula and a diagram";
    expect(answerTo(question)).toBe(answerTo(question));
  });
});
