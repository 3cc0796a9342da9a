// What the SPA's forms draw as their state changes, drawn into the pre-rendered page instead: a field's rule error
// under it (Field in field.tsx: the field marked invalid, the message linked to the input for screen readers), a
// refusal in a notice, a submit button busy with its spinner. The same elements, classes and test ids as the React
// components', so the page looks and reads the same whichever drew it (test/web/guest-page.test.ts compares them).

/** The copy's input named `name` (Field's `name`: "email", "reset-code"...). */
export const input = (root: ParentNode, name: string) => root.querySelector<HTMLInputElement>(`input[name="${name}"]`);

/** Field's error: `<p id="<input id>-error" class="field__error" data-testid="error-<name>">` after the control. */
export function showFieldError(field: HTMLInputElement | null, message: string | undefined): void {
  const box = field?.closest(".field");
  if (!field || !box) return;
  const id = `${field.id}-error`;
  let line = box.querySelector(".field__error");
  box.classList.toggle("field--invalid", Boolean(message));
  if (!message) {
    field.removeAttribute("aria-invalid");
    field.removeAttribute("aria-describedby");
    line?.remove();
    return;
  }
  field.setAttribute("aria-invalid", "true");
  field.setAttribute("aria-describedby", id);
  if (!line) {
    line = document.createElement("p");
    line.id = id;
    line.className = "field__error";
    line.setAttribute("data-testid", `error-${field.name}`);
    box.append(line);
  }
  line.textContent = message;
}

/**
 * A refusal's notice (`<div class="notice notice--error" role="alert" data-testid=…>`) in `parent`, right after
 * `after` (or first when there is none); removed when there is no message.
 */
export function showAlert(parent: Element | null, after: Element | null, testId: string, message: string | undefined) {
  if (!parent) return;
  let box = parent.querySelector(`:scope > [data-testid="${testId}"]`);
  if (!message) return box?.remove();
  if (!box) {
    box = document.createElement("div");
    box.className = "notice notice--error";
    box.setAttribute("role", "alert");
    box.setAttribute("data-testid", testId);
    if (after) after.after(box);
    else parent.prepend(box);
  }
  box.textContent = message;
}

/** A form's submit button: disabled, with the spinner before its text, while its request runs. */
export function showSubmit(button: HTMLButtonElement | null, busy: boolean): void {
  if (!button) return;
  button.disabled = busy;
  button.removeAttribute("data-inert");
  showBusy(button, busy);
}

/** The pre-rendered buttons in `root` still waiting for the script (data-inert, guest-prerender.tsx), enabled. */
export function wake(root: ParentNode): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>("button[data-inert]")) {
    button.removeAttribute("data-inert");
    button.disabled = false;
  }
}

/** A button while its request runs: the spinner before its text. */
export function showBusy(button: HTMLButtonElement | null, busy: boolean, spinner = "spinner"): void {
  if (!button) return;
  const shown = button.querySelector(":scope > .spinner");
  if (busy && !shown) {
    const dot = document.createElement("span");
    dot.className = spinner;
    dot.setAttribute("aria-hidden", "true");
    button.prepend(dot);
  } else if (!busy) shown?.remove();
}

/** Puts the keyboard where the SPA's autoFocus would: the first field that asks for it in `root`. */
export function focusFirst(root: ParentNode): void {
  root.querySelector<HTMLElement>("[autofocus]")?.focus();
}
