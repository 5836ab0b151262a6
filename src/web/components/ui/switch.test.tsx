import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Switch } from "./switch";

function Controlled({ disabled = false }: { disabled?: boolean }) {
  const [on, setOn] = useState(false);
  return (
    <Switch
      label="Quiet hours"
      description="No sounds at night"
      checked={on}
      onCheckedChange={setOn}
      disabled={disabled}
    />
  );
}

describe("Switch", () => {
  it("is a labelled switch that toggles by click, label click, Space and Enter", async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    const control = screen.getByRole("switch", { name: "Quiet hours" });
    expect(control).toHaveAccessibleDescription("No sounds at night");
    expect(control).not.toBeChecked();
    await user.click(control);
    expect(control).toBeChecked();
    await user.click(screen.getByText("Quiet hours"));
    expect(control).not.toBeChecked();
    control.focus();
    await user.keyboard(" ");
    expect(control).toBeChecked();
    await user.keyboard("{Enter}");
    expect(control).not.toBeChecked();
  });

  it("cannot be changed when disabled", async () => {
    const user = userEvent.setup();
    render(<Controlled disabled />);
    const control = screen.getByRole("switch", { name: "Quiet hours" });
    await user.click(control);
    await user.click(screen.getByText("Quiet hours"));
    expect(control).not.toBeChecked();
    expect(control).toBeDisabled();
  });
});
