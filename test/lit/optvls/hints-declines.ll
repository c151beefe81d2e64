; t2s-optvls-hints leaves a loop alone, and says why, when vectorizing it
; could change its results (a floating-point reduction or induction whose
; operations do not allow reassociation), when the user or the loop's shape
; rules vectorization out, or when the loop vectorizer needs no help; and
; where the vectorizer would take a loop by itself through loads the target
; cannot gather, it gives the loop the width the vectorizer would choose.
; RUN: %t2s-opt -passes=t2s-optvls-hints -mtriple=x86_64-unknown-linux-gnu -mcpu=x86-64-v3 -pass-remarks=t2s-optvls-hints -pass-remarks-missed=t2s-optvls-hints -S %s -o - 2> %t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; With AVX-512 the target gathers floats (but not int16).
; RUN: %t2s-opt -passes=t2s-optvls-hints -mtriple=x86_64-unknown-linux-gnu -mcpu=skylake-avx512 -pass-remarks=t2s-optvls-hints -pass-remarks-missed=t2s-optvls-hints -disable-output %s 2> %t.avx512
; RUN: FileCheck %s --check-prefix=AVX512 < %t.avx512
; Only the loops the vectorizer takes by itself through loads the target
; does not gather get a width, 8, the one the vectorizer would choose (the
; widths 1 and 4 below are the user's).
; CHECK: !{!"llvm.loop.vectorize.width", i32 8}
; CHECK-NOT: !"llvm.loop.vectorize.width", i32 {{2|16|32}}

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

%struct.R4s = type { i16, i16, i16, i16 }
%struct.P2 = type { float, float }

declare void @effect(i64)

; A float reduction in the order of the source: a vector width would let the
; vectorizer reorder the additions.
; REMARK: remark: <unknown>:0:0: no vectorization width for this loop: it has a floating-point reduction whose operations do not allow reassociation: vector code would change its result (-ffast-math, -fassociative-math or '#pragma clang loop vectorize(enable)' allow it)
define float @fsum_exact(ptr noalias %r, ptr noalias %idx, i64 %n) {
entry:
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %pi = getelementptr inbounds i32, ptr %idx, i64 %k
  %i = load i32, ptr %pi, align 4
  %j = sext i32 %i to i64
  %pa = getelementptr inbounds %struct.R4s, ptr %r, i64 %j
  %a = load i16, ptr %pa, align 2
  %pb = getelementptr inbounds i8, ptr %pa, i64 2
  %b = load i16, ptr %pb, align 2
  %pc = getelementptr inbounds i8, ptr %pa, i64 4
  %c = load i16, ptr %pc, align 2
  %pd = getelementptr inbounds i8, ptr %pa, i64 6
  %d = load i16, ptr %pd, align 2
  %a32 = sext i16 %a to i32
  %b32 = sext i16 %b to i32
  %ab = mul nsw i32 %b32, %a32
  %c32 = sext i16 %c to i32
  %d32 = sext i16 %d to i32
  %cd = mul nsw i32 %d32, %c32
  %s = add nsw i32 %cd, %ab
  %f = sitofp i32 %s to float
  %acc.next = fadd float %acc, %f
  %k.next = add nuw nsw i64 %k, 1
  %done = icmp eq i64 %k.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret float %acc.next
}

; With reassociation allowed (-ffast-math), the reduction is no obstacle; this
; loop the vectorizer would take by itself, loading each lane of the int16
; fields (the target gathers no int16): the pass sets the width the
; vectorizer's costs favour, since with AVX-512 the vectorizer turns such
; loops down.
; REMARK: remark: <unknown>:0:0: set vectorization width 8: t2s-optvls will combine 4 loads through an index in 1 group
; AVX512: remark: <unknown>:0:0: no vectorization width for this loop: it has a floating-point reduction whose operations do not allow reassociation
; AVX512: remark: <unknown>:0:0: set vectorization width 8: t2s-optvls will combine 4 loads through an index in 1 group
define float @fsum_reassoc(ptr noalias %r, ptr noalias %idx, i64 %n) {
entry:
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %pi = getelementptr inbounds i32, ptr %idx, i64 %k
  %i = load i32, ptr %pi, align 4
  %j = sext i32 %i to i64
  %pa = getelementptr inbounds %struct.R4s, ptr %r, i64 %j
  %a = load i16, ptr %pa, align 2
  %pb = getelementptr inbounds i8, ptr %pa, i64 2
  %b = load i16, ptr %pb, align 2
  %pc = getelementptr inbounds i8, ptr %pa, i64 4
  %c = load i16, ptr %pc, align 2
  %pd = getelementptr inbounds i8, ptr %pa, i64 6
  %d = load i16, ptr %pd, align 2
  %a32 = sext i16 %a to i32
  %b32 = sext i16 %b to i32
  %ab = mul nsw i32 %b32, %a32
  %c32 = sext i16 %c to i32
  %d32 = sext i16 %d to i32
  %cd = mul nsw i32 %d32, %c32
  %s = add nsw i32 %cd, %ab
  %f = sitofp i32 %s to float
  %acc.next = fadd reassoc float %acc, %f
  %k.next = add nuw nsw i64 %k, 1
  %done = icmp eq i64 %k.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret float %acc.next
}

; '#pragma clang loop vectorize(enable)' allows the reordering too.
; REMARK: remark: <unknown>:0:0: set vectorization width 8
; AVX512: remark: <unknown>:0:0: set vectorization width 8
define float @fsum_enabled(ptr noalias %r, ptr noalias %idx, i64 %n) {
entry:
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %pi = getelementptr inbounds i32, ptr %idx, i64 %k
  %i = load i32, ptr %pi, align 4
  %j = sext i32 %i to i64
  %pa = getelementptr inbounds %struct.R4s, ptr %r, i64 %j
  %a = load i16, ptr %pa, align 2
  %pb = getelementptr inbounds i8, ptr %pa, i64 2
  %b = load i16, ptr %pb, align 2
  %pc = getelementptr inbounds i8, ptr %pa, i64 4
  %c = load i16, ptr %pc, align 2
  %pd = getelementptr inbounds i8, ptr %pa, i64 6
  %d = load i16, ptr %pd, align 2
  %a32 = sext i16 %a to i32
  %b32 = sext i16 %b to i32
  %ab = mul nsw i32 %b32, %a32
  %c32 = sext i16 %c to i32
  %d32 = sext i16 %d to i32
  %cd = mul nsw i32 %d32, %c32
  %s = add nsw i32 %cd, %ab
  %f = sitofp i32 %s to float
  %acc.next = fadd float %acc, %f
  %k.next = add nuw nsw i64 %k, 1
  %done = icmp eq i64 %k.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !2
exit:
  ret float %acc.next
}

; '#pragma clang loop vectorize(disable)' (a width of 1).
; REMARK: remark: <unknown>:0:0: no vectorization width for this loop: vectorization is disabled for this loop (width 1)
define void @disabled(ptr noalias %r, ptr noalias %idx, ptr noalias %out, i64 %n) {
entry:
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %pi = getelementptr inbounds i32, ptr %idx, i64 %k
  %i = load i32, ptr %pi, align 4
  %j = sext i32 %i to i64
  %pa = getelementptr inbounds %struct.R4s, ptr %r, i64 %j
  %a = load i16, ptr %pa, align 2
  %pb = getelementptr inbounds i8, ptr %pa, i64 2
  %b = load i16, ptr %pb, align 2
  %pc = getelementptr inbounds i8, ptr %pa, i64 4
  %c = load i16, ptr %pc, align 2
  %pd = getelementptr inbounds i8, ptr %pa, i64 6
  %d = load i16, ptr %pd, align 2
  %a32 = sext i16 %a to i32
  %b32 = sext i16 %b to i32
  %ab = mul nsw i32 %b32, %a32
  %c32 = sext i16 %c to i32
  %d32 = sext i16 %d to i32
  %cd = mul nsw i32 %d32, %c32
  %s = add nsw i32 %cd, %ab
  %po = getelementptr inbounds i32, ptr %out, i64 %k
  store i32 %s, ptr %po, align 4
  %k.next = add nuw nsw i64 %k, 1
  %done = icmp eq i64 %k.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !4
exit:
  ret void
}

; The user chose a width already ('vectorize_width(4)').
; REMARK: remark: <unknown>:0:0: no vectorization width for this loop: the loop has a vectorization width already
define void @user_width(ptr noalias %r, ptr noalias %idx, ptr noalias %out, i64 %n) {
entry:
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %pi = getelementptr inbounds i32, ptr %idx, i64 %k
  %i = load i32, ptr %pi, align 4
  %j = sext i32 %i to i64
  %pa = getelementptr inbounds %struct.R4s, ptr %r, i64 %j
  %a = load i16, ptr %pa, align 2
  %pb = getelementptr inbounds i8, ptr %pa, i64 2
  %b = load i16, ptr %pb, align 2
  %pc = getelementptr inbounds i8, ptr %pa, i64 4
  %c = load i16, ptr %pc, align 2
  %pd = getelementptr inbounds i8, ptr %pa, i64 6
  %d = load i16, ptr %pd, align 2
  %a32 = sext i16 %a to i32
  %b32 = sext i16 %b to i32
  %ab = mul nsw i32 %b32, %a32
  %c32 = sext i16 %c to i32
  %d32 = sext i16 %d to i32
  %cd = mul nsw i32 %d32, %c32
  %s = add nsw i32 %cd, %ab
  %po = getelementptr inbounds i32, ptr %out, i64 %k
  store i32 %s, ptr %po, align 4
  %k.next = add nuw nsw i64 %k, 1
  %done = icmp eq i64 %k.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !6
exit:
  ret void
}

; A call that may have side effects.
; REMARK: remark: <unknown>:0:0: no vectorization width for this loop: it calls a function that may have side effects
define void @calls(ptr noalias %r, ptr noalias %idx, ptr noalias %out, i64 %n) {
entry:
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %pi = getelementptr inbounds i32, ptr %idx, i64 %k
  %i = load i32, ptr %pi, align 4
  %j = sext i32 %i to i64
  %pa = getelementptr inbounds %struct.R4s, ptr %r, i64 %j
  %a = load i16, ptr %pa, align 2
  %pb = getelementptr inbounds i8, ptr %pa, i64 2
  %b = load i16, ptr %pb, align 2
  %pc = getelementptr inbounds i8, ptr %pa, i64 4
  %c = load i16, ptr %pc, align 2
  %pd = getelementptr inbounds i8, ptr %pa, i64 6
  %d = load i16, ptr %pd, align 2
  %a32 = sext i16 %a to i32
  %b32 = sext i16 %b to i32
  %ab = mul nsw i32 %b32, %a32
  %c32 = sext i16 %c to i32
  %d32 = sext i16 %d to i32
  %cd = mul nsw i32 %d32, %c32
  %s = add nsw i32 %cd, %ab
  call void @effect(i64 %k)
  %po = getelementptr inbounds i32, ptr %out, i64 %k
  store i32 %s, ptr %po, align 4
  %k.next = add nuw nsw i64 %k, 1
  %done = icmp eq i64 %k.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

; A store through the index.
; REMARK: remark: <unknown>:0:0: no vectorization width for this loop: it stores to other than consecutive addresses
define void @scatter(ptr noalias %r, ptr noalias %idx, ptr noalias %out, i64 %n) {
entry:
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %pi = getelementptr inbounds i32, ptr %idx, i64 %k
  %i = load i32, ptr %pi, align 4
  %j = sext i32 %i to i64
  %pa = getelementptr inbounds %struct.R4s, ptr %r, i64 %j
  %a = load i16, ptr %pa, align 2
  %pb = getelementptr inbounds i8, ptr %pa, i64 2
  %b = load i16, ptr %pb, align 2
  %pc = getelementptr inbounds i8, ptr %pa, i64 4
  %c = load i16, ptr %pc, align 2
  %pd = getelementptr inbounds i8, ptr %pa, i64 6
  %d = load i16, ptr %pd, align 2
  %a32 = sext i16 %a to i32
  %b32 = sext i16 %b to i32
  %ab = mul nsw i32 %b32, %a32
  %c32 = sext i16 %c to i32
  %d32 = sext i16 %d to i32
  %cd = mul nsw i32 %d32, %c32
  %s = add nsw i32 %cd, %ab
  %t = trunc i32 %s to i16
  store i16 %t, ptr %pa, align 2
  %k.next = add nuw nsw i64 %k, 1
  %done = icmp eq i64 %k.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

; The loop ends at the first negative index: no computable trip count.
; REMARK: remark: <unknown>:0:0: no vectorization width for this loop: its trip count is not computable
define void @uncountable(ptr noalias %r, ptr noalias %idx, ptr noalias %out, i64 %n) {
entry:
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %pi = getelementptr inbounds i32, ptr %idx, i64 %k
  %i = load i32, ptr %pi, align 4
  %j = sext i32 %i to i64
  %pa = getelementptr inbounds %struct.R4s, ptr %r, i64 %j
  %a = load i16, ptr %pa, align 2
  %pb = getelementptr inbounds i8, ptr %pa, i64 2
  %b = load i16, ptr %pb, align 2
  %pc = getelementptr inbounds i8, ptr %pa, i64 4
  %c = load i16, ptr %pc, align 2
  %pd = getelementptr inbounds i8, ptr %pa, i64 6
  %d = load i16, ptr %pd, align 2
  %a32 = sext i16 %a to i32
  %b32 = sext i16 %b to i32
  %ab = mul nsw i32 %b32, %a32
  %c32 = sext i16 %c to i32
  %d32 = sext i16 %d to i32
  %cd = mul nsw i32 %d32, %c32
  %s = add nsw i32 %cd, %ab
  %po = getelementptr inbounds i32, ptr %out, i64 %k
  store i32 %s, ptr %po, align 4
  %k.next = add nuw nsw i64 %k, 1
  %done = icmp slt i32 %i, 0
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

; A condition inside the body.
; REMARK: remark: <unknown>:0:0: no vectorization width for this loop: the loop body has control flow
define void @branchy(ptr noalias %r, ptr noalias %idx, ptr noalias %out, i64 %n) {
entry:
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %latch ]
  %pi = getelementptr inbounds i32, ptr %idx, i64 %k
  %i = load i32, ptr %pi, align 4
  %j = sext i32 %i to i64
  %pa = getelementptr inbounds %struct.R4s, ptr %r, i64 %j
  %a = load i16, ptr %pa, align 2
  %pb = getelementptr inbounds i8, ptr %pa, i64 2
  %b = load i16, ptr %pb, align 2
  %pc = getelementptr inbounds i8, ptr %pa, i64 4
  %c = load i16, ptr %pc, align 2
  %pd = getelementptr inbounds i8, ptr %pa, i64 6
  %d = load i16, ptr %pd, align 2
  %a32 = sext i16 %a to i32
  %b32 = sext i16 %b to i32
  %ab = mul nsw i32 %b32, %a32
  %c32 = sext i16 %c to i32
  %d32 = sext i16 %d to i32
  %cd = mul nsw i32 %d32, %c32
  %s = add nsw i32 %cd, %ab
  %pos = icmp sgt i32 %s, 0
  br i1 %pos, label %then, label %latch
then:
  %po = getelementptr inbounds i32, ptr %out, i64 %k
  store i32 %s, ptr %po, align 4
  br label %latch
latch:
  %k.next = add nuw nsw i64 %k, 1
  %done = icmp eq i64 %k.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

; A value of one iteration used by the next (a first-order recurrence).
; REMARK: remark: <unknown>:0:0: no vectorization width for this loop: a value of one iteration feeds the next (neither an induction nor a reduction)
define void @recurrence(ptr noalias %r, ptr noalias %idx, ptr noalias %out, i64 %n) {
entry:
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %prev = phi i32 [ 0, %entry ], [ %s, %loop ]
  %pi = getelementptr inbounds i32, ptr %idx, i64 %k
  %i = load i32, ptr %pi, align 4
  %j = sext i32 %i to i64
  %pa = getelementptr inbounds %struct.R4s, ptr %r, i64 %j
  %a = load i16, ptr %pa, align 2
  %pb = getelementptr inbounds i8, ptr %pa, i64 2
  %b = load i16, ptr %pb, align 2
  %pc = getelementptr inbounds i8, ptr %pa, i64 4
  %c = load i16, ptr %pc, align 2
  %pd = getelementptr inbounds i8, ptr %pa, i64 6
  %d = load i16, ptr %pd, align 2
  %a32 = sext i16 %a to i32
  %b32 = sext i16 %b to i32
  %ab = mul nsw i32 %b32, %a32
  %c32 = sext i16 %c to i32
  %d32 = sext i16 %d to i32
  %cd = mul nsw i32 %d32, %c32
  %s = add nsw i32 %cd, %ab
  %po = getelementptr inbounds i32, ptr %out, i64 %k
  %sp = add i32 %s, %prev
  store i32 %sp, ptr %po, align 4
  %k.next = add nuw nsw i64 %k, 1
  %done = icmp eq i64 %k.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

; A float induction whose additions do not allow reassociation: the
; vectorizer would compute x0 + k * 0.5 rather than add 0.5 k times.
; REMARK: remark: <unknown>:0:0: no vectorization width for this loop: it has a floating-point induction whose additions do not allow reassociation: vector code would change its values
define void @fp_induction(ptr noalias %r, ptr noalias %idx, ptr noalias %out, i64 %n) {
entry:
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %x = phi float [ 1.0, %entry ], [ %x.next, %loop ]
  %pi = getelementptr inbounds i32, ptr %idx, i64 %k
  %i = load i32, ptr %pi, align 4
  %j = sext i32 %i to i64
  %pa = getelementptr inbounds %struct.R4s, ptr %r, i64 %j
  %a = load i16, ptr %pa, align 2
  %pb = getelementptr inbounds i8, ptr %pa, i64 2
  %b = load i16, ptr %pb, align 2
  %pc = getelementptr inbounds i8, ptr %pa, i64 4
  %c = load i16, ptr %pc, align 2
  %pd = getelementptr inbounds i8, ptr %pa, i64 6
  %d = load i16, ptr %pd, align 2
  %a32 = sext i16 %a to i32
  %b32 = sext i16 %b to i32
  %ab = mul nsw i32 %b32, %a32
  %c32 = sext i16 %c to i32
  %d32 = sext i16 %d to i32
  %cd = mul nsw i32 %d32, %c32
  %s = add nsw i32 %cd, %ab
  %f = sitofp i32 %s to float
  %fx = fmul float %f, %x
  %po = getelementptr inbounds float, ptr %out, i64 %k
  store float %fx, ptr %po, align 4
  %x.next = fadd float %x, 5.000000e-01
  %k.next = add nuw nsw i64 %k, 1
  %done = icmp eq i64 %k.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

; Pairs of floats. At x86-64-v3 (no gathers) the vectorizer would load
; each lane, and the pass sets the width it would choose. With AVX-512 it
; gathers floats and finds them cheap enough by itself: the pass leaves the
; loop alone (t2s-optvls rewrites the gathers after the vectorizer).
; REMARK: remark: <unknown>:0:0: set vectorization width 8: t2s-optvls will combine 2 loads through an index in 1 group
; AVX512: remark: <unknown>:0:0: no vectorization width for this loop: the loop vectorizer prices it profitable by itself (width 8: {{[0-9]+}} per 8 iterations with gathers, against {{[0-9]+}} per iteration for the scalar loop)
define void @float_pairs(ptr noalias %p, ptr noalias %idx, ptr noalias %out, i64 %n) {
entry:
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %pi = getelementptr inbounds i32, ptr %idx, i64 %k
  %i = load i32, ptr %pi, align 4
  %j = sext i32 %i to i64
  %px = getelementptr inbounds %struct.P2, ptr %p, i64 %j
  %x = load float, ptr %px, align 4
  %py = getelementptr inbounds i8, ptr %px, i64 4
  %y = load float, ptr %py, align 4
  %xy = fmul float %x, %y
  %po = getelementptr inbounds float, ptr %out, i64 %k
  store float %xy, ptr %po, align 4
  %k.next = add nuw nsw i64 %k, 1
  %done = icmp eq i64 %k.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

; A load at a constant stride of two elements beside the record loads.
; REMARK: remark: <unknown>:0:0: no vectorization width for this loop: it reads at a constant stride other than the element's size (interleaved accesses, which this pass does not price)
define void @strided(ptr noalias %r, ptr noalias %idx, ptr noalias %w, ptr noalias %out, i64 %n) {
entry:
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %pi = getelementptr inbounds i32, ptr %idx, i64 %k
  %i = load i32, ptr %pi, align 4
  %j = sext i32 %i to i64
  %pa = getelementptr inbounds %struct.R4s, ptr %r, i64 %j
  %a = load i16, ptr %pa, align 2
  %pb = getelementptr inbounds i8, ptr %pa, i64 2
  %b = load i16, ptr %pb, align 2
  %pc = getelementptr inbounds i8, ptr %pa, i64 4
  %c = load i16, ptr %pc, align 2
  %pd = getelementptr inbounds i8, ptr %pa, i64 6
  %d = load i16, ptr %pd, align 2
  %a32 = sext i16 %a to i32
  %b32 = sext i16 %b to i32
  %ab = mul nsw i32 %b32, %a32
  %c32 = sext i16 %c to i32
  %d32 = sext i16 %d to i32
  %cd = mul nsw i32 %d32, %c32
  %s = add nsw i32 %cd, %ab
  %pw = getelementptr inbounds i64, ptr %w, i64 %k
  %wk = load i32, ptr %pw, align 8
  %sw = add i32 %s, %wk
  %po = getelementptr inbounds i32, ptr %out, i64 %k
  store i32 %sw, ptr %po, align 4
  %k.next = add nuw nsw i64 %k, 1
  %done = icmp eq i64 %k.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

; One load through the index: nothing to combine, and no remark (the
; loops this pass has nothing to say about are not named).
; REMARK-NOT: remark
define void @single(ptr noalias %x, ptr noalias %idx, ptr noalias %out, i64 %n) {
entry:
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %pi = getelementptr inbounds i32, ptr %idx, i64 %k
  %i = load i32, ptr %pi, align 4
  %j = sext i32 %i to i64
  %px = getelementptr inbounds i16, ptr %x, i64 %j
  %v = load i16, ptr %px, align 2
  %v32 = sext i16 %v to i32
  %po = getelementptr inbounds i32, ptr %out, i64 %k
  store i32 %v32, ptr %po, align 4
  %k.next = add nuw nsw i64 %k, 1
  %done = icmp eq i64 %k.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.mustprogress"}
!2 = distinct !{!2, !1, !3}
!3 = !{!"llvm.loop.vectorize.enable", i1 true}
!4 = distinct !{!4, !1, !5}
!5 = !{!"llvm.loop.vectorize.width", i32 1}
!6 = distinct !{!6, !1, !7}
!7 = !{!"llvm.loop.vectorize.width", i32 4}
