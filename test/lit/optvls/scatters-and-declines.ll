; Scatters whose lanes never overlap become shuffles and contiguous stores;
; the scalarized gathers of x86-64-v3 code become loads and shuffles. Every
; group OptVLS declines stays as it was, with a remark saying why.
; RUN: %t2s-opt -passes=t2s-optvls -mtriple=x86_64-unknown-linux-gnu -mattr=+avx2,+fma -pass-remarks=t2s-optvls -pass-remarks-missed=t2s-optvls -S %s -o - 2> %t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: rm -f %t.dot
; RUN: %t2s-opt -passes=t2s-optvls -mtriple=x86_64-unknown-linux-gnu -mattr=+avx2,+fma -t2s-optvls-dot=%t.dot -disable-output %s
; RUN: FileCheck %s --check-prefix=DOT < %t.dot

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

; A scatter of two fields in a loop declared free of dependences between
; iterations: the loop vectorizer wrote it (llvm.loop.isvectorized) and
; lists the scatters' access group as parallel, so lanes never write the
; same bytes.
; CHECK-LABEL: @scatter_pair(
; CHECK-NOT: llvm.masked.scatter
; CHECK: shufflevector
; CHECK: store <2 x float>
; REMARK: replaced 2 scatters of <8 x float> by 8 stores of <2 x float>
define void @scatter_pair(ptr %y, ptr %idx, ptr %s, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %jp = getelementptr inbounds i64, ptr %idx, i64 %i
  %j = load <8 x i64>, ptr %jp, align 8
  %sp = getelementptr inbounds float, ptr %s, i64 %i
  %a = load <8 x float>, ptr %sp, align 4
  %b = fadd <8 x float> %a, %a
  %j2 = shl nsw <8 x i64> %j, splat (i64 1)
  %p = getelementptr inbounds float, ptr %y, <8 x i64> %j2
  %q = getelementptr inbounds float, <8 x ptr> %p, i64 1
  call void @llvm.masked.scatter.v8f32.v8p0(<8 x float> %a, <8 x ptr> %p, i32 4, <8 x i1> splat (i1 true)), !llvm.access.group !0
  call void @llvm.masked.scatter.v8f32.v8p0(<8 x float> %b, <8 x ptr> %q, i32 4, <8 x i1> splat (i1 true)), !llvm.access.group !0
  %i.next = add i64 %i, 8
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !1
exit:
  ret void
}

; Three fields in the order the source writes them: the first moves down to
; the last past the second, which writes other bytes of the same lane (and,
; the iterations being independent, no byte of another lane).
; CHECK-LABEL: @scatter_three_in_order(
; CHECK-NOT: llvm.masked.scatter
; CHECK: store <3 x float>
; REMARK: replaced 3 scatters of <8 x float> by 8 stores of <3 x float>
define void @scatter_three_in_order(ptr %y, ptr %idx, ptr %s, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %jp = getelementptr inbounds i64, ptr %idx, i64 %i
  %j = load <8 x i64>, ptr %jp, align 8
  %sp = getelementptr inbounds float, ptr %s, i64 %i
  %a = load <8 x float>, ptr %sp, align 4
  %b = fadd <8 x float> %a, %a
  %c = fmul <8 x float> %a, %a
  %j3 = mul nsw <8 x i64> %j, splat (i64 3)
  %p = getelementptr inbounds float, ptr %y, <8 x i64> %j3
  %q = getelementptr inbounds float, <8 x ptr> %p, i64 1
  %r = getelementptr inbounds float, <8 x ptr> %p, i64 2
  call void @llvm.masked.scatter.v8f32.v8p0(<8 x float> %a, <8 x ptr> %p, i32 4, <8 x i1> splat (i1 true)), !llvm.access.group !0
  call void @llvm.masked.scatter.v8f32.v8p0(<8 x float> %b, <8 x ptr> %q, i32 4, <8 x i1> splat (i1 true)), !llvm.access.group !0
  call void @llvm.masked.scatter.v8f32.v8p0(<8 x float> %c, <8 x ptr> %r, i32 4, <8 x i1> splat (i1 true)), !llvm.access.group !0
  %i.next = add i64 %i, 8
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !1
exit:
  ret void
}

; The same three fields where the middle scatter is outside the parallel
; access group: its lanes may write what other lanes write, so it joins no
; group, and the first cannot move past it to the last.
; CHECK-LABEL: @scatter_three_middle_not_parallel(
; CHECK-COUNT-3: call void @llvm.masked.scatter
; REMARK: did not combine 2 scatters of <8 x float>: lanes of the scatters may write the same bytes
define void @scatter_three_middle_not_parallel(ptr %y, ptr %idx, ptr %s, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %jp = getelementptr inbounds i64, ptr %idx, i64 %i
  %j = load <8 x i64>, ptr %jp, align 8
  %sp = getelementptr inbounds float, ptr %s, i64 %i
  %a = load <8 x float>, ptr %sp, align 4
  %b = fadd <8 x float> %a, %a
  %c = fmul <8 x float> %a, %a
  %j3 = mul nsw <8 x i64> %j, splat (i64 3)
  %p = getelementptr inbounds float, ptr %y, <8 x i64> %j3
  %q = getelementptr inbounds float, <8 x ptr> %p, i64 1
  %r = getelementptr inbounds float, <8 x ptr> %p, i64 2
  call void @llvm.masked.scatter.v8f32.v8p0(<8 x float> %a, <8 x ptr> %p, i32 4, <8 x i1> splat (i1 true)), !llvm.access.group !0
  call void @llvm.masked.scatter.v8f32.v8p0(<8 x float> %b, <8 x ptr> %q, i32 4, <8 x i1> splat (i1 true)), !llvm.access.group !4
  call void @llvm.masked.scatter.v8f32.v8p0(<8 x float> %c, <8 x ptr> %r, i32 4, <8 x i1> splat (i1 true)), !llvm.access.group !0
  %i.next = add i64 %i, 8
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !1
exit:
  ret void
}

; Access groups promise nothing about lanes outside a loop the vectorizer
; wrote: declined, as without the promise.
; CHECK-LABEL: @scatter_group_without_loop(
; CHECK-COUNT-2: call void @llvm.masked.scatter
; REMARK: did not combine 2 scatters of <8 x float>: lanes of the scatters may write the same bytes
define void @scatter_group_without_loop(ptr %y, <8 x i64> %j, <8 x float> %a, <8 x float> %b) {
  %j2 = shl nsw <8 x i64> %j, splat (i64 1)
  %p = getelementptr inbounds float, ptr %y, <8 x i64> %j2
  %q = getelementptr inbounds float, <8 x ptr> %p, i64 1
  call void @llvm.masked.scatter.v8f32.v8p0(<8 x float> %a, <8 x ptr> %p, i32 4, <8 x i1> splat (i1 true)), !llvm.access.group !0
  call void @llvm.masked.scatter.v8f32.v8p0(<8 x float> %b, <8 x ptr> %q, i32 4, <8 x i1> splat (i1 true)), !llvm.access.group !0
  ret void
}

; Without that promise two lanes may write the same bytes: declined.
; CHECK-LABEL: @scatter_unknown_lanes(
; CHECK-COUNT-2: call void @llvm.masked.scatter
; REMARK: did not combine 2 scatters of <8 x float>: {{.*}}
define void @scatter_unknown_lanes(ptr %y, <8 x i64> %j, <8 x float> %a, <8 x float> %b) {
  %p = getelementptr inbounds float, ptr %y, <8 x i64> %j
  %q = getelementptr inbounds float, <8 x ptr> %p, i64 1
  call void @llvm.masked.scatter.v8f32.v8p0(<8 x float> %a, <8 x ptr> %p, i32 4, <8 x i1> splat (i1 true))
  call void @llvm.masked.scatter.v8f32.v8p0(<8 x float> %b, <8 x ptr> %q, i32 4, <8 x i1> splat (i1 true))
  ret void
}

; The scalarized form: one load per lane into an insertelement chain.
; CHECK-LABEL: @scalarized(
; CHECK: load <2 x float>
; CHECK: shufflevector
; CHECK-NOT: load float
; CHECK: ret <4 x float>
; REMARK: replaced 2 scalarized gathers of <4 x float>
define <4 x float> @scalarized(ptr %x, i64 %j0, i64 %j1, i64 %j2, i64 %j3) {
  %p0 = getelementptr inbounds float, ptr %x, i64 %j0
  %p1 = getelementptr inbounds float, ptr %x, i64 %j1
  %p2 = getelementptr inbounds float, ptr %x, i64 %j2
  %p3 = getelementptr inbounds float, ptr %x, i64 %j3
  %q0 = getelementptr inbounds i8, ptr %p0, i64 4
  %q1 = getelementptr inbounds i8, ptr %p1, i64 4
  %q2 = getelementptr inbounds i8, ptr %p2, i64 4
  %q3 = getelementptr inbounds i8, ptr %p3, i64 4
  %a0 = load float, ptr %p0, align 4
  %a1 = load float, ptr %p1, align 4
  %a2 = load float, ptr %p2, align 4
  %a3 = load float, ptr %p3, align 4
  %b0 = load float, ptr %q0, align 4
  %b1 = load float, ptr %q1, align 4
  %b2 = load float, ptr %q2, align 4
  %b3 = load float, ptr %q3, align 4
  %va0 = insertelement <4 x float> poison, float %a0, i64 0
  %va1 = insertelement <4 x float> %va0, float %a1, i64 1
  %va2 = insertelement <4 x float> %va1, float %a2, i64 2
  %va = insertelement <4 x float> %va2, float %a3, i64 3
  %vb0 = insertelement <4 x float> poison, float %b0, i64 0
  %vb1 = insertelement <4 x float> %vb0, float %b1, i64 1
  %vb2 = insertelement <4 x float> %vb1, float %b2, i64 2
  %vb = insertelement <4 x float> %vb2, float %b3, i64 3
  %r = fadd <4 x float> %va, %vb
  ret <4 x float> %r
}

; Unknown distance: the two index vectors are unrelated.
; CHECK-LABEL: @unknown_distance(
; CHECK-COUNT-2: call <8 x float> @llvm.masked.gather
; REMARK: no adjacent access to combine with: distance to the other memrefs is not constant
define <8 x float> @unknown_distance(ptr %x, <8 x i64> %j, <8 x i64> %k) {
  %p = getelementptr inbounds float, ptr %x, <8 x i64> %j
  %q = getelementptr inbounds float, ptr %x, <8 x i64> %k
  %a = call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> %p, i32 4, <8 x i1> splat (i1 true), <8 x float> poison)
  %b = call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> %q, i32 4, <8 x i1> splat (i1 true), <8 x float> poison)
  %r = fadd <8 x float> %a, %b
  ret <8 x float> %r
}

; A store that may write x lies between the gathers.
; CHECK-LABEL: @possible_alias(
; CHECK-COUNT-2: call <8 x float> @llvm.masked.gather
; REMARK: no adjacent access to combine with: the memref cannot be moved to the group's insertion point
define <8 x float> @possible_alias(ptr %x, <8 x i64> %j, ptr %other) {
  %p = getelementptr inbounds float, ptr %x, <8 x i64> %j
  %q = getelementptr inbounds float, <8 x ptr> %p, i64 1
  %a = call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> %p, i32 4, <8 x i1> splat (i1 true), <8 x float> poison)
  store float 0.0, ptr %other, align 4
  %b = call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> %q, i32 4, <8 x i1> splat (i1 true), <8 x float> poison)
  %r = fadd <8 x float> %a, %b
  ret <8 x float> %r
}

; Each pair of neighbours could combine, but the third field cannot move up
; to the first: the store between them may write it (TBAA tells it apart
; from the second only). The remark names that obstacle.
; CHECK-LABEL: @third_cannot_move(
; CHECK: call <8 x float> @llvm.masked.gather{{.*}} %r,
; REMARK: no adjacent access to combine with: the memref cannot be moved to the group's insertion point
define <8 x float> @third_cannot_move(ptr %t, <8 x i64> %j, ptr %other) {
  %j3 = mul nsw <8 x i64> %j, splat (i64 3)
  %p = getelementptr inbounds float, ptr %t, <8 x i64> %j3
  %q = getelementptr inbounds float, <8 x ptr> %p, i64 1
  %r = getelementptr inbounds float, <8 x ptr> %p, i64 2
  %x = call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> %p, i32 4, <8 x i1> splat (i1 true), <8 x float> poison), !tbaa !14
  store float 0.0, ptr %other, !tbaa !13
  %y = call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> %q, i32 4, <8 x i1> splat (i1 true), <8 x float> poison), !tbaa !14
  %z = call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> %r, i32 4, <8 x i1> splat (i1 true), <8 x float> poison), !tbaa !13
  %s1 = fadd <8 x float> %x, %y
  %s2 = fadd <8 x float> %s1, %z
  ret <8 x float> %s2
}

; A store to memory that cannot be x (a noalias argument) is no obstacle.
; CHECK-LABEL: @no_alias(
; CHECK-NOT: llvm.masked.gather
define <8 x float> @no_alias(ptr noalias %x, <8 x i64> %j, ptr noalias %other) {
  %p = getelementptr inbounds float, ptr %x, <8 x i64> %j
  %q = getelementptr inbounds float, <8 x ptr> %p, i64 1
  %a = call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> %p, i32 4, <8 x i1> splat (i1 true), <8 x float> poison)
  store float 0.0, ptr %other, align 4
  %b = call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> %q, i32 4, <8 x i1> splat (i1 true), <8 x float> poison)
  %r = fadd <8 x float> %a, %b
  ret <8 x float> %r
}

; x[j] and x[j + 2] leave x[j + 1] unread; the addresses are not inbounds,
; so the gap might not be dereferenceable.
; CHECK-LABEL: @gap_not_dereferenceable(
; CHECK-COUNT-2: call <8 x float> @llvm.masked.gather
; REMARK: cannot combine 2 accesses: the bytes between them, which they do not access, may not be dereferenceable
define <8 x float> @gap_not_dereferenceable(ptr %x, <8 x i64> %j) {
  %p = getelementptr float, ptr %x, <8 x i64> %j
  %q = getelementptr float, <8 x ptr> %p, i64 2
  %a = call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> %p, i32 4, <8 x i1> splat (i1 true), <8 x float> poison)
  %b = call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> %q, i32 4, <8 x i1> splat (i1 true), <8 x float> poison)
  %r = fadd <8 x float> %a, %b
  ret <8 x float> %r
}

; The same with inbounds addresses: the gap lies inside the object.
; CHECK-LABEL: @gap_inbounds(
; CHECK-NOT: llvm.masked.gather
define <8 x float> @gap_inbounds(ptr %x, <8 x i64> %j) {
  %p = getelementptr inbounds float, ptr %x, <8 x i64> %j
  %q = getelementptr inbounds float, <8 x ptr> %p, i64 2
  %a = call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> %p, i32 4, <8 x i1> splat (i1 true), <8 x float> poison)
  %b = call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> %q, i32 4, <8 x i1> splat (i1 true), <8 x float> poison)
  %r = fadd <8 x float> %a, %b
  ret <8 x float> %r
}

; Pointer elements, scalable vectors: not for the server.
; CHECK-LABEL: @pointers(
; CHECK-COUNT-2: call <4 x ptr> @llvm.masked.gather
; REMARK: cannot optimize this access: its elements are not integers or floats of 8 to 64 bits
define <4 x ptr> @pointers(ptr %x, <4 x i64> %j) {
  %p = getelementptr inbounds ptr, ptr %x, <4 x i64> %j
  %q = getelementptr inbounds ptr, <4 x ptr> %p, i64 1
  %a = call <4 x ptr> @llvm.masked.gather.v4p0.v4p0(<4 x ptr> %p, i32 8, <4 x i1> splat (i1 true), <4 x ptr> poison)
  %b = call <4 x ptr> @llvm.masked.gather.v4p0.v4p0(<4 x ptr> %q, i32 8, <4 x i1> splat (i1 true), <4 x ptr> poison)
  %r = select <4 x i1> splat (i1 true), <4 x ptr> %a, <4 x ptr> %b
  ret <4 x ptr> %r
}

; CHECK-LABEL: @scalable(
; CHECK-COUNT-2: call <vscale x 4 x float> @llvm.masked.gather
; REMARK: cannot optimize this access: it is a scalable vector
define <vscale x 4 x float> @scalable(ptr %x, <vscale x 4 x i64> %j) {
  %p = getelementptr inbounds float, ptr %x, <vscale x 4 x i64> %j
  %q = getelementptr inbounds float, <vscale x 4 x ptr> %p, i64 1
  %a = call <vscale x 4 x float> @llvm.masked.gather.nxv4f32.nxv4p0(<vscale x 4 x ptr> %p, i32 4, <vscale x 4 x i1> splat (i1 true), <vscale x 4 x float> poison)
  %b = call <vscale x 4 x float> @llvm.masked.gather.nxv4f32.nxv4p0(<vscale x 4 x ptr> %q, i32 4, <vscale x 4 x i1> splat (i1 true), <vscale x 4 x float> poison)
  %r = fadd <vscale x 4 x float> %a, %b
  ret <vscale x 4 x float> %r
}

; DOT: digraph
; DOT: ->

declare void @llvm.masked.scatter.v8f32.v8p0(<8 x float>, <8 x ptr>, i32, <8 x i1>)
declare <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr>, i32, <8 x i1>, <8 x float>)
declare <4 x ptr> @llvm.masked.gather.v4p0.v4p0(<4 x ptr>, i32, <4 x i1>, <4 x ptr>)
declare <vscale x 4 x float> @llvm.masked.gather.nxv4f32.nxv4p0(<vscale x 4 x ptr>, i32, <vscale x 4 x i1>, <vscale x 4 x float>)

!0 = distinct !{}
!1 = distinct !{!1, !2, !3}
!2 = !{!"llvm.loop.parallel_accesses", !0}
!3 = !{!"llvm.loop.isvectorized", i32 1}
!4 = distinct !{}
!10 = !{!"tbaa root"}
!11 = !{!"float", !10, i64 0}
!12 = !{!"int", !10, i64 0}
!13 = !{!11, !11, i64 0}
!14 = !{!12, !12, i64 0}
