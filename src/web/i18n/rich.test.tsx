import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { richText } from "./rich";

describe("richText", () => {
  it("puts each marked part into its element, nested parts included", () => {
    const { container } = render(
      <p>
        {richText("Call <phone>(860) 555-0142</phone> or <link>write to <b>us</b></link>.", {
          phone: <em />,
          link: <span className="link" />,
          b: <strong />,
        })}
      </p>,
    );
    expect(container.innerHTML).toBe(
      '<p>Call <em>(860) 555-0142</em> or <span class="link">write to <strong>us</strong></span>.</p>',
    );
  });

  it("keeps the words of a part whose element is not given, and plain text as it is", () => {
    const { container } = render(<p>{richText("A <x>b</x> c", {})}</p>);
    expect(container.innerHTML).toBe("<p>A b c</p>");
    expect(richText("No markup", {})).toEqual(["No markup"]);
  });
});
