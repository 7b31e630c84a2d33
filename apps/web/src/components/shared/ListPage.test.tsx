import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { RowActions } from "./DataTable.tsx";
import { ListPage, type ListQueryState } from "./ListPage.tsx";
import { renderWithProviders } from "./test-utils.tsx";

interface Fruit {
  id: number;
  name: string;
}

const loaded: ListQueryState = { isPending: false, isError: false, refetch: () => undefined };

function Fruits({
  query = loaded,
  rows = [],
  onAdd = () => undefined,
  onDelete = () => undefined,
}: {
  query?: ListQueryState;
  rows?: Fruit[];
  onAdd?: () => void;
  onDelete?: (fruit: Fruit) => void;
}) {
  return (
    <ListPage
      title="Жимс"
      description="Компанийн жимс"
      primaryAction={{ label: "Жимс нэмэх", onClick: onAdd, testId: "add-fruit" }}
      query={query}
      rows={rows}
      empty={{ text: "Жимс алга. Нэмнэ үү.", action: { label: "Эхний жимсээ нэмэх", onClick: onAdd } }}
      table={{
        columns: [{ key: "name", header: "Нэр", cell: (fruit) => fruit.name }],
        rowKey: (fruit) => fruit.id,
        rowTestId: (fruit) => `fruit-${fruit.id}`,
        rowActions: (fruit) => <RowActions actions={[{ label: `Устгах ${fruit.name}`, icon: "×", onClick: () => onDelete(fruit) }]} />,
      }}
    />
  );
}

describe("ListPage", () => {
  it("shows the header and a loader while the list loads, neither empty state nor table", () => {
    renderWithProviders(<Fruits query={{ ...loaded, isPending: true }} />);
    expect(screen.getByRole("heading", { name: "Жимс" })).toBeInTheDocument();
    expect(screen.getByText("Компанийн жимс")).toBeInTheDocument();
    expect(screen.getByTestId("add-fruit")).toBeInTheDocument();
    expect(screen.queryByTestId("list-empty")).toBeNull();
    expect(screen.queryByText("Мэдээлэл олдсонгүй!")).toBeNull();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("says a failed load is a failure and retries it", () => {
    const refetch = vi.fn();
    renderWithProviders(<Fruits query={{ isPending: false, isError: true, refetch }} rows={[{ id: 1, name: "Алим" }]} />);
    expect(screen.getByText("Мэдээлэл олдсонгүй!")).toBeInTheDocument();
    expect(screen.queryByTestId("list-empty")).toBeNull();
    expect(screen.queryByRole("table")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Дахин оролдох" }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it("gives an empty list the calm empty state with the action that fills it", () => {
    const onAdd = vi.fn();
    renderWithProviders(<Fruits onAdd={onAdd} />);
    const empty = screen.getByTestId("list-empty");
    expect(within(empty).getByText("Жимс алга. Нэмнэ үү.")).toBeInTheDocument();
    expect(screen.queryByText("Мэдээлэл олдсонгүй!")).toBeNull();
    fireEvent.click(within(empty).getByRole("button", { name: "Эхний жимсээ нэмэх" }));
    expect(onAdd).toHaveBeenCalledOnce();
  });

  it("renders the rows with their columns and row actions", () => {
    const onDelete = vi.fn();
    renderWithProviders(
      <Fruits
        rows={[
          { id: 1, name: "Алим" },
          { id: 2, name: "Лийр" },
        ]}
        onDelete={onDelete}
      />,
    );
    expect(screen.getByRole("columnheader", { name: "Нэр" })).toBeInTheDocument();
    expect(within(screen.getByTestId("fruit-2")).getByText("Лийр")).toBeInTheDocument();
    expect(screen.queryByTestId("list-empty")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Устгах Лийр" }));
    expect(onDelete).toHaveBeenCalledWith({ id: 2, name: "Лийр" });
  });

  it("shows pagination under the rows when there is more than one page", () => {
    const onChange = vi.fn();
    renderWithProviders(
      <ListPage
        query={loaded}
        rows={[{ id: 1, name: "Алим" }]}
        empty={{ text: "" }}
        table={{ columns: [{ key: "name", header: "Нэр", cell: (fruit: Fruit) => fruit.name }], rowKey: (fruit) => fruit.id }}
        pagination={{ page: 1, total: 3, onChange }}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "2-р хуудас" }));
    expect(onChange).toHaveBeenCalledWith(2);
  });
});
