// A public share page rendered straight from a snapshot of one question (no D1, no worker): for the tests of its
// link preview and the bench's long questions. It imports nothing of the Workers runtime, so Node runs it too.
import { sharePage } from "../../worker/shares/share-page";

/** The English share page of a chat whose only message is `question`. */
export function sharePageOfQuestion(question: string): string {
  return sharePage({
    shareId: "s",
    lang: "en",
    url: "https://may.test/s/s",
    affiliateCode: null,
    snapshot: {
      version: 1,
      chat_id: "c",
      title: "A chat",
      created_at: 0,
      messages: [
        {
          id: "q",
          sender: "user",
          text: question,
          model: null,
          created_at: 0,
          citations: [],
          attachments: [],
          stopped: false,
          is_image: false,
        },
      ],
      images: {},
      files: {},
    },
  });
}
