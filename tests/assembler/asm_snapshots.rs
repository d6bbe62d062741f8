//! Snapshots of listings, of `disasm` output and of a boot tape's records.

use mark1::asm::{assemble_file, boot, disasm, Selection};

#[test]
fn listing_prinz15() {
    let a = assemble_file("programs/prinz15.m1").unwrap();
    insta::assert_snapshot!(a.listing());
}

#[test]
fn listing_hello() {
    let a = assemble_file("programs/hello.m1").unwrap();
    insta::assert_snapshot!(a.listing());
}

#[test]
fn listing_rom() {
    let a = assemble_file("roms/initial.m1").unwrap();
    insta::assert_snapshot!(a.listing());
}

#[test]
fn disasm_prinz15_all() {
    let a = assemble_file("programs/prinz15.m1").unwrap();
    insta::assert_snapshot!(disasm(&a.image, Selection::All));
}

#[test]
fn disasm_hello_page1() {
    let a = assemble_file("programs/hello.m1").unwrap();
    insta::assert_snapshot!(disasm(&a.image, Selection::Page(1)));
}

#[test]
fn disasm_rom_track0() {
    insta::assert_snapshot!(disasm(&boot::rom_image(), Selection::Track(0)));
}

#[test]
fn boot_tape_records_prinz15() {
    let a = assemble_file("programs/prinz15.m1").unwrap();
    insta::assert_snapshot!(boot::describe(&a.tape().unwrap()));
}

#[test]
fn diagnostic_text() {
    let e = mark1::asm::assemble_str(
        "bad.m1",
        "        .org 1\n   OX 5\n\tTI nowhere\n",
        &mark1::asm::NoIncludes,
    )
    .unwrap_err();
    insta::assert_snapshot!(e.to_string());
}
