; t2s-optvls-hints gives a vectorization width to loops that read adjacent
; fields through an index, which the loop vectorizer leaves scalar (it prices
; each field as a gather), when the OptVLS server's loads and shuffles make
; the vector loop cheaper than the scalar one; the remark says why.
; RUN: %t2s-opt -passes=t2s-optvls-hints -mtriple=x86_64-unknown-linux-gnu -mcpu=x86-64-v3 -pass-remarks=t2s-optvls-hints -pass-remarks-missed=t2s-optvls-hints -S %s -o - 2> %t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; The option turns the pass off.
; RUN: %t2s-opt -passes=t2s-optvls-hints -t2s-optvls-hints=false -mtriple=x86_64-unknown-linux-gnu -mcpu=x86-64-v3 -S %s -o - | FileCheck %s --check-prefix=OFF
; OFF-NOT: llvm.loop.vectorize.width
; In the -O3 pipeline the loop vectorizer takes the width, and t2s-optvls
; rewrites the gathers it writes.
; RUN: %t2s-opt -passes='default<O3>' -mtriple=x86_64-unknown-linux-gnu -mcpu=x86-64-v3 -S %s -o - | FileCheck %s --check-prefix=O3
; O3-LABEL: @rec_i16(
; O3: load <4 x i16>
; O3: shufflevector
; O3: store <8 x i32>
; O3-LABEL: @rec_i8(
; O3: load <4 x i8>
; O3: store <8 x i32>

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

%struct.R4s = type { i16, i16, i16, i16 }
%struct.R4b = type { i8, i8, i8, i8 }
%struct.P2 = type { float, float }

; out[k] = v.a * v.b + v.c * v.d, v = r[idx[k]], records of 4 int16.
; CHECK-LABEL: @rec_i16(
; CHECK: br i1 %done, label %exit, label %loop, !llvm.loop [[REC16:![0-9]+]]
; REMARK: remark: <unknown>:0:0: set vectorization width 8: t2s-optvls will combine 4 loads through an index in 1 group, and the vector loop costs {{[0-9]+}} per 8 iterations against {{[0-9]+}} per 8 iterations for the scalar loop and {{[0-9]+}} with gathers; predicted {{1\.[0-9]+}}x
define void @rec_i16(ptr noalias %r, ptr noalias %idx, ptr noalias %out, i64 %n) {
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
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  ret void
}

; The same with records of 4 int8.
; CHECK-LABEL: @rec_i8(
; CHECK: br i1 %done, label %exit, label %loop, !llvm.loop [[REC8:![0-9]+]]
; REMARK: remark: <unknown>:0:0: set vectorization width 8: t2s-optvls will combine 4 loads through an index in 1 group
define void @rec_i8(ptr noalias %r, ptr noalias %idx, ptr noalias %out, i64 %n) {
entry:
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %pi = getelementptr inbounds i32, ptr %idx, i64 %k
  %i = load i32, ptr %pi, align 4
  %j = sext i32 %i to i64
  %pa = getelementptr inbounds %struct.R4b, ptr %r, i64 %j
  %a = load i8, ptr %pa, align 1
  %pb = getelementptr inbounds i8, ptr %pa, i64 1
  %b = load i8, ptr %pb, align 1
  %pc = getelementptr inbounds i8, ptr %pa, i64 2
  %c = load i8, ptr %pc, align 1
  %pd = getelementptr inbounds i8, ptr %pa, i64 3
  %d = load i8, ptr %pd, align 1
  %a32 = sext i8 %a to i32
  %b32 = sext i8 %b to i32
  %ab = mul nsw i32 %b32, %a32
  %c32 = sext i8 %c to i32
  %d32 = sext i8 %d to i32
  %cd = mul nsw i32 %d32, %c32
  %s = add nsw i32 %cd, %ab
  %po = getelementptr inbounds i32, ptr %out, i64 %k
  store i32 %s, ptr %po, align 4
  %k.next = add nuw nsw i64 %k, 1
  %done = icmp eq i64 %k.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !2
exit:
  ret void
}

; An integer reduction is exact in any order: the loop gets a width.
; CHECK-LABEL: @sum_i16(
; CHECK: br i1 %done, label %exit, label %loop, !llvm.loop [[SUM16:![0-9]+]]
; REMARK: remark: <unknown>:0:0: set vectorization width 8: t2s-optvls will combine 4 loads through an index in 1 group
define i32 @sum_i16(ptr noalias %r, ptr noalias %idx, i64 %n) {
entry:
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
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
  %acc.next = add nsw i32 %s, %acc
  %k.next = add nuw nsw i64 %k, 1
  %done = icmp eq i64 %k.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !3
exit:
  ret i32 %acc.next
}

; The new loop IDs keep what was there and add the width.
; CHECK-DAG: [[REC16]] = distinct !{[[REC16]], [[MP:![0-9]+]], [[W8:![0-9]+]]}
; CHECK-DAG: [[REC8]] = distinct !{[[REC8]], [[MP]], [[W8]]}
; CHECK-DAG: [[SUM16]] = distinct !{[[SUM16]], [[MP]], [[W8]]}
; CHECK-DAG: [[MP]] = !{!"llvm.loop.mustprogress"}
; CHECK-DAG: [[W8]] = !{!"llvm.loop.vectorize.width", i32 8}

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.mustprogress"}
!2 = distinct !{!2, !1}
!3 = distinct !{!3, !1}
